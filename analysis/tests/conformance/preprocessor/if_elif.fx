// #elif is tried when #if fails (preprocessor::parse_elif)
#include "../case.fxh"
#if 0
error here
#elif 1
float a = 1;
#else
error here
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
