// an annotation's value is type-checked as any expression: a string in arithmetic is X3022 at the string (reported before the later undeclared name, not only when the effect lowers)
#include "../case.fxh"
uniform float U <
    ui_tooltip =
        "first"
        "second"-1;
> = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U + V;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
