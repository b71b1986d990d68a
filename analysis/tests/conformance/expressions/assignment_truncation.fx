// assigning a float4 to a float3 truncates with X3206 (parse_expression_assignment)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a;
    a = float4(1, 2, 3, 4);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
