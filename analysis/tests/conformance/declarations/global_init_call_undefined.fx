// A call of a function that does not exist (ReShade 6.1 has no fmod) in a global's initialiser: X3005 at the callee, before any lookup
#include "../case.fxh"
static const float F = 2 * fmod(5.0, 3.0);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
