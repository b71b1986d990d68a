// m[1][2] (parse_expression_unary, index)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x3 m = float2x3(1, 2, 3, 4, 5, 6);
    float a = m[1][2];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
