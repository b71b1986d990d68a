// an annotation's value goes on past a `>` (parse_expression_multary): without its `;` the list's `>` is read as an operator
#include "../case.fxh"
uniform float U < ui_min = 1 > = 0.5;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
