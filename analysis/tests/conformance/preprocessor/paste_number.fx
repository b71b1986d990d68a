// ## builds a name from a prefix and a number (preprocessor::expand_macro)
#include "../case.fxh"
#define NAME(n) value##n
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float value2 = 1;
    float c = NAME(2);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
