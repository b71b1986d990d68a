// a multi-line call at file level (a UI macro): an error in its first line is numbered past it
#include "../case.fxh"
#define UI_FLOAT(name, label, lo, hi) uniform float name < ui_type = "slider"; ui_label = label; ui_min = lo; ui_max = hi; > = lo;
UI_FLOAT(Strength, "Strength",
    Missing, 1.0)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return Strength; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
