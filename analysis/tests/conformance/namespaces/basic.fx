// a namespace with a variable (parse_top)
#include "../case.fxh"
namespace N { static const float K = 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return N::K;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
