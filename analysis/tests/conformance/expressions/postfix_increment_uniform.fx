// ++ on a uniform is X3025 (parse_expression_unary, postfix)
#include "../case.fxh"
uniform int U = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    U++;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
