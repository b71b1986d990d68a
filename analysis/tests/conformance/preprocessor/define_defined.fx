// #define defined is a warning and defines nothing (preprocessor::parse_def)
#include "../case.fxh"
#define defined 1
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
