// ?: with a scalar condition (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = uv.x > 0.5 ? 1.0 : 2.0;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
