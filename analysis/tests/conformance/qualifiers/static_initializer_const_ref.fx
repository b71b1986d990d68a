// a static const named in another global's initial value (parser::parse_variable)
#include "../case.fxh"
static const float K = 2;
static float G = K * 3;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
