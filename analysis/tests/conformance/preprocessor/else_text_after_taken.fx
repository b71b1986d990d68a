// after #else closing a skipped branch of a group already taken, the rest of the line is skipped
#include "../case.fxh"
#if 1
#elif 1
#else static const float q = 0.5;
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return q;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
