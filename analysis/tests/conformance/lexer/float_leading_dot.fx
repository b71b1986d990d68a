// float literal .5 (lexer::lex)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = .5;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
