// bools divide as integers: a false lane in a constant divisor leaves the division unfolded, so the initialiser is not constant (expression::evaluate_constant_expression)
#include "../case.fxh"
static const int4 G = ((bool4)true) / -bool4(true, true, false, true);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(G);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
