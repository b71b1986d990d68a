// a texture parameter does not cast to float, X3017 (parse_expression_unary)
#include "../case.fxh"
float F(texture2D t) { return (float)t; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(CaseTex);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
