// a type before an annotation name warns X4717 (parse_annotations)
#include "../case.fxh"
uniform float U < float ui_min = 0.0; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
