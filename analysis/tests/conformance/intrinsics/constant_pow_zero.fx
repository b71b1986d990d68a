// pow(0, 0) of constants is evaluated at run time as in ReShade, not folded (parse_expression_unary)
#include "../case.fxh"

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return pow(0.0, 0.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
