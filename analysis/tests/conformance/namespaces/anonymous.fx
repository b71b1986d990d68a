// an anonymous namespace is a syntax error (parse_top)
#include "../case.fxh"
namespace { static const float K = 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
