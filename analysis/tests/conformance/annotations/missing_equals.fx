// an annotation without = (parse_annotations)
#include "../case.fxh"
uniform float U < ui_min 0.0; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
