// after #else closing a branch that was read (the #elif here), code on its line is an error
#include "../case.fxh"
#if 0
#elif 1
#else static const float q = 0.5;
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return q;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
