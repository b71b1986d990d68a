// CRLF line ends are spaces (lexer::lex)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    return 1;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
