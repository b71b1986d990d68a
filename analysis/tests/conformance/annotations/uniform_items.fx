// a combo uniform with ui_items (parse_annotations)
#include "../case.fxh"
uniform int Mode < ui_type = "combo"; ui_items = "One\0Two\0Three\0"; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Mode;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
