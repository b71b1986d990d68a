// a namespace opened twice (parse_top)
#include "../case.fxh"
namespace N { static const float A = 1; }
namespace N { static const float B = A + 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return N::B;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
