// a name, then an argument beginning with -: y-P(-1.0) reads y--1.0, a decrement then a constant
#include "../case.fxh"
#define P(a) a
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float y = 2.0;
    float x = y-P(-1.0);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
