// a uniform with ui annotations (parse_annotations)
#include "../case.fxh"
uniform float U < ui_type = "slider"; ui_min = 0.0; ui_max = 1.0; ui_step = 0.01; ui_label = "Strength"; ui_tooltip = "How much"; ui_category = "Main"; ui_category_closed = true; hidden = false; > = 0.5;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
