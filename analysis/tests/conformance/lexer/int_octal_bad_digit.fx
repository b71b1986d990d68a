// 08 lexes as 0 then 8: two literals in a row (lexer::parse_numeric_literal)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a = 08;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
