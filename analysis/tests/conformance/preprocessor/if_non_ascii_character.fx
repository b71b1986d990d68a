// a non-ASCII character in an #if expression is an invalid expression: it ends the name before it (lexer type table)
#include "../case.fxh"
#if SOMEéTHING
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
