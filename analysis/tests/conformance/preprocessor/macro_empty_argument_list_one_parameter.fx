// F() gives a one-parameter macro no argument: a warning, and the invocation is dropped (expand_macro)
#include "../case.fxh"
#define ONE(a) (a + 1.0)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = 2.0 ONE();
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
