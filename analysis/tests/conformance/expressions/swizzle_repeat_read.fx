// .xxx reads a component three times (parse_expression_unary, member)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a = uv.xxx;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
