// a character literal is no #if operand: invalid expression (evaluate_expression)
#include "../case.fxh"
#if 'a' == 97
static const float K = 1.0;
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return K; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
