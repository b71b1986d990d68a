// `F(` and `)` on different lines pass one argument (its text a line end), where `F()` passes
// none: a one-parameter macro expands to its body, where a dropped call would leave `x = ;`
#include "../case.fxh"
#define ONE(a) a 1.0
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = ONE(
    );
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
