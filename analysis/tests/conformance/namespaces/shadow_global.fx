// a namespaced name shadowing a global (find_symbol)
#include "../case.fxh"
static const float K = 1;
namespace N { static const float K = 2; float F() { return K; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return N::F() + ::K;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
