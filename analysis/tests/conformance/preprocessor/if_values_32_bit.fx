// #if values are 32-bit: 4294967296 is 0 (evaluate_expression)
#include "../case.fxh"
#if 4294967296 == 0
static const float K = 1.0;
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return K; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
