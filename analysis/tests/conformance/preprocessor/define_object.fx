// an object-like macro (preprocessor::parse_def)
#include "../case.fxh"
#define VALUE 2.0
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = VALUE;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
