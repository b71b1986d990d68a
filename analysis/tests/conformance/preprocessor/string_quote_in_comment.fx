// a quote inside a comment opens no string (lexer::lex skips comments first)
#include "../case.fxh"
// it's "quoted
/* and "here
*/
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
