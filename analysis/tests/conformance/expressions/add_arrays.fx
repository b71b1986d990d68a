// + on arrays is X3022 (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[2] = { 1, 2 };
    float b[2] = { 1, 2 };
    float c = (a + b)[0];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
