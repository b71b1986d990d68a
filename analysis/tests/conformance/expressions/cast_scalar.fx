// (int)1.5 (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a = (int)1.5;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
