// adjacent string literals join (parse_expression_unary)
#include "../case.fxh"
uniform float U < string ui_label = "a" "b"; > = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
