// ?: between int and float values merges to float (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = uv.x > 0.5 ? 1 : 2.5;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
