// != binds looser than == in an #if: 2 != (1 == 0) is 1 (s_precedence_lookup)
#include "../case.fxh"
#if 2 != 1 == 0
static const float K = 1.0;
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return K; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
