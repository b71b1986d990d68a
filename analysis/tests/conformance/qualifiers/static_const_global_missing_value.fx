// a static const global needs an initial value, X3012 (parser::parse_variable)
#include "../case.fxh"
static const float G;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
