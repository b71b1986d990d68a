// an #elif after a taken branch is evaluated: a valid expression is accepted
#include "../case.fxh"
#if 1
#elif 2 > 1
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
