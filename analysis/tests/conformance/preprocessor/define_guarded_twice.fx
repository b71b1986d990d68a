// a definition behind #ifndef, repeated, is read once (accepted)
#include "../case.fxh"
#ifndef A
#define A 1
#endif
#ifndef A
#define A 2
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
