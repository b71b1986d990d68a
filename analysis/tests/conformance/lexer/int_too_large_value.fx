// 4294967297 keeps its low 32 bits, 1: in bounds of a 2-element array (lexer::parse_numeric_literal)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a[2];
    a[4294967297] = 0;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
