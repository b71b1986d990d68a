// a constant folded to an infinity in code stays to run time (WGSL holds none in a constant)
#include "../case.fxh"
static const float Inf = 1e99999 - 1.0f;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return min(Inf, 1.0) + (1e99999 * 0.0) * 0.0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
