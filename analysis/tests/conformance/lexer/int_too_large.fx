// an integer literal past 32 bits keeps its low 32 bits (lexer::parse_numeric_literal)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint a = 4294967297;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
