// a - body expanded inside an argument keeps its space: -P(N) reads - -1.0
#include "../case.fxh"
#define P(a) a
#define N -1.0
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = -P(N);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
