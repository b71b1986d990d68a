// A call of an undefined function as an annotation's value: X3005, the call outside a function
#include "../case.fxh"
uniform float X < ui_min = nothing(1.0); > = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return X;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
