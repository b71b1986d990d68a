// an empty macro expands to nothing (preprocessor::expand_macro)
#include "../case.fxh"
#define NOTHING
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 1 NOTHING;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
