// every #elif after the taken one is evaluated
#include "../case.fxh"
#if 0
#elif 1
#elif (
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
