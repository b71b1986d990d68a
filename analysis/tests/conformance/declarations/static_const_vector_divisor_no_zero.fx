// a constant integer division by a vector with no zero lane folds: the initialiser is constant (expression::evaluate_constant_expression)
#include "../case.fxh"
static const int4 B = int4(2, 4, 6, 8) % int4(1, 3, 4, 5);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(B) / 8.0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
