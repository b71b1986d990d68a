// a non-ASCII byte is not an identifier character (lexer::lex)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float café = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
