// an #if evaluates every operand: 0 && 1 / 0 divides by zero (evaluate_expression)
#include "../case.fxh"
#if 0 && 1 / 0
static const float K = 1.0;
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return K; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
