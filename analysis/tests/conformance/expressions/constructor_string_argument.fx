// float2("a", 1) is X3017 (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 a = float2("a", 1);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
