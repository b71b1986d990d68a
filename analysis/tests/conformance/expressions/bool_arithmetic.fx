// bool + bool is an int (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a = true + true;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
