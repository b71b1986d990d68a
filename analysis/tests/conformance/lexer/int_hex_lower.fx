// hexadecimal literal 0x1f (lexer::parse_numeric_literal)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a[0x20];
    a[0x1f] = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
