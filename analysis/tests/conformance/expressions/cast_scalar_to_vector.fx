// (float3)1 splats (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a = (float3)1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
