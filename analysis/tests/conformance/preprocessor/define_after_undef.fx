// a macro can be defined again after #undef (preprocessor::parse_undef)
#include "../case.fxh"
#define VALUE 1
#undef VALUE
#define VALUE 2
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = VALUE;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
