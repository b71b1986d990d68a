// a non-ASCII character in a skipped group is never read, but one in an #elif after a taken #if is: ReShade evaluates every #elif (preprocessor::parse_elif)
#include "../case.fxh"
#if 0
float é = 1;
#endif
#if 1
#elif SOMEéTHING
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
