// a space before ( makes an object-like macro whose text starts with (x) (preprocessor::parse_def)
#include "../case.fxh"
#define TWICE (x) ((x) * 2)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = TWICE(3.0);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
