// a swizzle on a literal (parse_expression_unary, member)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a = (1.0).xxx;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
