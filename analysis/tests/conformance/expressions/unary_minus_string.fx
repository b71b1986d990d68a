// unary - on a string is X3022 (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    string s = "a";
    float a = -s;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
