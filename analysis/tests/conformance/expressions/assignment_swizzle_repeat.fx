// assigning to a swizzle with a repeated component is X3025 (parse_expression_assignment)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 a = 0;
    a.xx = float2(1, 2);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
