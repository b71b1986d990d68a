// a block comment still open at the end of the file ends there (lexer::lex skips to the end)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
/* never closed
float4 Lost() { return 1; }
