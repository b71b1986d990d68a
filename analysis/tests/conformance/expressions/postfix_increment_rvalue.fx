// (a + 1)++ is X3025 (parse_expression_unary, postfix)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a = 1;
    (a + 1)++;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
