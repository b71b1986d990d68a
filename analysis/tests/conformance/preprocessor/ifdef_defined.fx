// #ifdef of a defined macro keeps its block (preprocessor::parse_ifdef)
#include "../case.fxh"
#define ON
#ifdef ON
float Kept() { return 1; }
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = Kept();
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
