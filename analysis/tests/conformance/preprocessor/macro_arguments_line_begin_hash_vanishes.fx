// a `#` first on its line inside a macro call's arguments is a directive token to ReShade's
// lexer, whose text is the word after it: `#5` reads `5`, `#,` nothing (lexer::parse_pp_directive)
#include "../case.fxh"
#define F(a, b) a + b
static const float X = F(1,
  #5 );
static const float Y = F(2
#, 3);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return X + Y; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
