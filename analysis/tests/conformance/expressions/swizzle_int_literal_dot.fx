// 1.x lexes as the float 1. then x (lexer::parse_numeric_literal)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a = 1.xxx;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
