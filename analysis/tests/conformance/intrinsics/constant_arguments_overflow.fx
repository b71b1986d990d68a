// built-ins of constants whose result overflows (ldexp, exp, abs of the lowest int) (parse_expression_unary)
#include "../case.fxh"

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = abs(-2147483647 - 1); return ldexp(1.0, 200) + exp(1000.0) + i;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
