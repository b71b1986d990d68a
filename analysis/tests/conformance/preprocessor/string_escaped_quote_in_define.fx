// an escaped quote does not end a string in a #define body (lexer::parse_string_literal)
#include "../case.fxh"
#define LABEL "say \"hi\" twice"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
