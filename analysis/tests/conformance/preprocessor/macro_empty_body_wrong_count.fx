// a macro without a body takes any number of arguments without a word (expand_macro)
#include "../case.fxh"
#define NOTHING(a, b)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = 1.0 NOTHING(1.0) NOTHING(1, 2, 3);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
