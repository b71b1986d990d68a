// ?: between float3 and float4 values truncates with X3206 (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a = uv.x > 0.5 ? float3(1, 2, 3) : float4(4, 5, 6, 7);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
