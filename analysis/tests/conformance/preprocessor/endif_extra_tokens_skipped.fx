// after #endif closing a skipped branch, the rest of the line is text again
#include "../case.fxh"
#if 0
#endif junk;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
