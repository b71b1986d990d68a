// an annotation value that is not constant is X3011 (parse_annotations)
#include "../case.fxh"
uniform float V = 1;
uniform float U < ui_max = V; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
