// A comma sequence as an annotation's value: its last part
#include "../case.fxh"
uniform float X < ui_min = (0, 1); ui_max = (2.0, 3.0); > = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return X;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
