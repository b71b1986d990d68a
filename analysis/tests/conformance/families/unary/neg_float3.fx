// -float3 on a local (parse_expression_unary)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a;
    -a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
