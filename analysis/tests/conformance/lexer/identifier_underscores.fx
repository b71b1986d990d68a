// identifiers may start with and contain underscores and digits (lexer::parse_identifier)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float __a_1 = 1;
    float _9 = __a_1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
