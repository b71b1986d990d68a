// an annotation value from a constant expression (parse_annotations)
#include "../case.fxh"
static const float K = 2;
uniform float U < ui_max = K * 2; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
