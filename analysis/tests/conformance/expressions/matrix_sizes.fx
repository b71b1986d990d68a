// float2x2 + float3x3 meets in a float2x2 (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x2 a = float2x2(1, 2, 3, 4) + float3x3(1, 0, 0, 0, 1, 0, 0, 0, 1);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
