// a technique with annotations (parse_technique)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T < ui_label = "Label"; ui_tooltip = "Tip"; enabled = true; timeout = 1000; toggle = 0x20; hidden = false; > { pass { VertexShader = CaseVS; PixelShader = PS; } }
