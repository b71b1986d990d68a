// a macro name followed by a non-ASCII character still expands, the character is then the parser's error (lexer type table)
#include "../case.fxh"
#define VALUE 1.0
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = 1.0;
    x = VALUEé;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
