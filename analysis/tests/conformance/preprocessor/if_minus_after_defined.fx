// a - after defined(X) is unary (defined does not count as an operand): two values left, invalid expression (evaluate_expression)
#include "../case.fxh"
#if defined(FOO) - 1
static const float K = 1.0;
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return K; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
