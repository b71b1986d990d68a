// __RESHADE__ is 6.1.1's value: -__RESHADE__ & 3 is 3, so the #error is reached
#include "../case.fxh"
#if (-__RESHADE__ & 3) != 3 || __RESHADE__ < 60101
#else
#error "6.1.1"
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
