// after #else closing a skipped branch, the rest of the line is text of the #else branch
#include "../case.fxh"
#if 0
#else junk;
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
