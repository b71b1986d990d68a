// an annotation read whole is checked before a later annotation's syntax error
#include "../case.fxh"
uniform float X <
    ui_type = "slider";
    ui_min = Missing;
    ui_max = 1.0
> = 0.5;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return X; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
