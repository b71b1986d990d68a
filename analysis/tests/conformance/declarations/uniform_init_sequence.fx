// A comma sequence as a uniform's initial value: constant when its last part is; the value is the last part's, splat (found by mutating PD80_04_Technicolor.fx)
#include "../case.fxh"
uniform float3 ColorStrength < ui_type = "color"; > = (0.2, 0.2, 0.2);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return ColorStrength.xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
