// #ifdef of an undefined macro drops its block (preprocessor::parse_ifdef)
#include "../case.fxh"
#ifdef OFF
float Dropped() { return 1; }
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = Dropped();
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
