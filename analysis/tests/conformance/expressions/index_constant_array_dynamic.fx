// a static const array indexed with a variable (parse_expression_unary, index)
#include "../case.fxh"
static const float K[3] = { 1, 2, 3 };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)uv.x;
    return K[i];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
