// float4(float2, 1, 2) (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 a = float4(uv, 1, 2);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
