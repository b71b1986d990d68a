// dot(float3, float4) truncates with X3206 (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return dot(float3(1, 2, 3), float4(1, 2, 3, 4));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
