// an #elif after a false #if is evaluated: a non-ASCII character there is an invalid expression, even after 0 && (no short circuit in lexing)
#include "../case.fxh"
#if 0
#elif 0 && SOMEéTHING
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
