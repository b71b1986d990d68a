// true in an #if is a name that is no macro: 0, so K stays undeclared (evaluate_expression)
#include "../case.fxh"
#if true
static const float K = 1.0;
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return K; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
