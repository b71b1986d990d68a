// a string as an expression statement or a comma operand is a constant whose value is dropped (ReShade emits nothing for it): accepted
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    "a string";
    "a" "b", 1;
    float f = ("x", 2.0);
    return float4(f, 0, 0, 0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
