// a wrong argument count is only a warning: the first error is the one after it (expand_macro)
#include "../case.fxh"
#define TWO(a, b) ((a) + (b))
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = 1.0;
    x += 1.0 TWO(1.0);
    return undeclared;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
