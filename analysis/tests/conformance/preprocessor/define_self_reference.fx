// a macro naming itself does not expand again (preprocessor::expand_macro)
#include "../case.fxh"
static const float X = 3;
#define X (X + 1)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = X;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
