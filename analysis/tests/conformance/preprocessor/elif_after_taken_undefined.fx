// an #elif after a taken branch may name undefined macros (0)
#include "../case.fxh"
#if 1
#elif FOO
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
