// float4 || float2 (parse_expression_multary, type::merge)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 a;
    float2 b;
    a || b;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
