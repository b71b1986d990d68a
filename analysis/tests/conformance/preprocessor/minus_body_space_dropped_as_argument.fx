// a - body passed on as another macro's argument loses its space, as blanks before an argument are dropped: -R(N) reads --1.0
#include "../case.fxh"
#define P(a) a
#define R(a) P(a)
#define N -1.0
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = -R(N);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
