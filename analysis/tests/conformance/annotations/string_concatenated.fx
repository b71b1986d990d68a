// an annotation string from adjacent literals over lines (parse_expression_unary)
#include "../case.fxh"
uniform float U < ui_tooltip = "line one\n"
    "line two"; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
