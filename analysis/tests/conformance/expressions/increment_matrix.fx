// ++ on a matrix (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x2 m = float2x2(1, 2, 3, 4);
    m++;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
