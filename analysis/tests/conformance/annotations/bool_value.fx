// a bool annotation value (parse_annotations)
#include "../case.fxh"
uniform bool B < ui_label = "Enable"; > = true;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return B;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
