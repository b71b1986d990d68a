// nested namespaces (parse_top)
#include "../case.fxh"
namespace A { namespace B { static const float K = 1; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return A::B::K;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
