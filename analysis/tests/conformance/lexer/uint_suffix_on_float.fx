// the u suffix is not part of a float literal: 1.0u is 1.0 then u (lexer::parse_numeric_literal)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 1.0u;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
