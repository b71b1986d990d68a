// an outer name found from inside a namespace (find_symbol)
#include "../case.fxh"
static const float K = 1;
namespace N { float F() { return K; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return N::F();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
