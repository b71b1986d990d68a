// the same name in two namespaces (insert_symbol)
#include "../case.fxh"
namespace A { static const float K = 1; }
namespace B { static const float K = 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return A::K + B::K;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
