// 010 is octal 8: index 8 of an 8-element array is out of bounds (lexer::parse_numeric_literal)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a[8];
    a[010] = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
