// (int)(float)(uint)x (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float b = 2.5;
    int a = (int)(float)(uint)b;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
