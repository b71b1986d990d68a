// a > inside an annotation value ends the list, since values are parsed above comparisons? (parse_annotations)
#include "../case.fxh"
uniform float U < ui_min = (2 > 1); > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
