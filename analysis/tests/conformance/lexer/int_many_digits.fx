// digits past the 18th are ignored (lexer::parse_numeric_literal)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint a = 123456789012345678901234567890;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
