// ._m00_m11 of a matrix (parse_expression_unary, member)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x2 m = float2x2(1, 2, 3, 4);
    float2 a = m._m00_m11;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
