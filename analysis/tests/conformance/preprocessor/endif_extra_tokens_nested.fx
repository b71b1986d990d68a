// after #endif inside a skipped block, the rest of the line stays skipped
#include "../case.fxh"
#if 0
#if 1
#endif junk
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
