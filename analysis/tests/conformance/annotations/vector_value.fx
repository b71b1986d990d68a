// a vector annotation value (parse_annotations)
#include "../case.fxh"
uniform float2 U < ui_min = float2(0, 0); ui_max = float2(1, 1); > = float2(0.5, 0.5);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U.xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
