// float3x3 * float3 meets in a float3 with X3206 (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3x3 m = float3x3(1, 0, 0, 0, 1, 0, 0, 0, 1);
    float3 a = m * float3(1, 2, 3);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
