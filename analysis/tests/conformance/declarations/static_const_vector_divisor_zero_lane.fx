// a constant integer division whose vector divisor has a zero lane is not folded, so a static const initialised with it is not constant (expression::evaluate_constant_expression stops at the zero lane)
#include "../case.fxh"
static const int4 B = int4(1, 2, 3, 4) / int4(1, 0, 1, 1);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(B) / 4.0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
