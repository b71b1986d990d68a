// built-ins of constants outside their domain (sqrt, log, asin of constants) run at run time (parse_expression_unary)
#include "../case.fxh"
static const float K = -1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(sqrt(K), log2(K + 1), asin(K * 2), sqrt(-1.0) + log(0.0));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
