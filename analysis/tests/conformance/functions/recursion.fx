// a function calling itself (parse_expression_unary)
#include "../case.fxh"
float F(float x) { return x > 0 ? F(x - 1) : 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(2);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
