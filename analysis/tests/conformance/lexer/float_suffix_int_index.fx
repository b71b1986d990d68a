// 1f is a float, not an index (lexer::parse_numeric_literal, parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a[4];
    a[1f] = 0;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
