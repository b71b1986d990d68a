// after #else closing a skipped branch, the rest of the line is read as code of the #else branch
#include "../case.fxh"
#if 0
#else static const float q = 0.5;
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return q;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
