// an invalid #if expression testing __RESHADE__ is reported before the #error its #else raises (ReShade lists every preprocessor error)
#include "../case.fxh"
#if __RESHADE__ >= 60100 ? 1 : 0
#else
#error "needs a newer ReShade"
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
