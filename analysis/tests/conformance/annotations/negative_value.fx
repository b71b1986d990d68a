// a negative annotation value (parse_annotations)
#include "../case.fxh"
uniform float U < ui_min = -1.0; ui_max = 1.0; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
