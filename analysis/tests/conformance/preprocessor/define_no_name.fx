// #define needs an identifier (preprocessor::parse_def)
#include "../case.fxh"
#define 1 2
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
