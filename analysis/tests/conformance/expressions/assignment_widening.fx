// assigning a float2 to a float3 is X3020 (parse_expression_assignment)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a;
    a = float2(1, 2);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
