// an annotation's value is any expression but an assignment (parse_expression_multary): a `>` before the `;` is an operator
#include "../case.fxh"
uniform float U < ui_min = 1 > 0; hidden = 2 >= 3 || true; ui_max = 4.0 != 5.0; > = 0.5;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T < enabled = 1 > 0; > { pass { VertexShader = CaseVS; PixelShader = PS; } }
