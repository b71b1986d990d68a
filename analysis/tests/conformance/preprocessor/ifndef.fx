// #ifndef of an undefined macro keeps its block (preprocessor::parse_ifndef)
#include "../case.fxh"
#ifndef OFF
float Kept() { return 1; }
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = Kept();
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
