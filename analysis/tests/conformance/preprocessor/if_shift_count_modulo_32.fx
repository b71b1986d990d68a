// #if shift counts are taken modulo 32: 1 << 33 is 2 (evaluate_expression)
#include "../case.fxh"
#if 1 << 33 == 2
static const float K = 1.0;
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return K; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
