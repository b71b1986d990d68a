// the preprocessor reads every token of a skipped group too: an open string there is an error (preprocessor::consume)
#include "../case.fxh"
#if 0
float s = "abc;
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
