// ::N::K from inside another namespace (accept_symbol)
#include "../case.fxh"
namespace N { static const float K = 1; }
namespace M { float F() { return ::N::K; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return M::F();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
