// #pragma alone is an error at the end of its line (preprocessor::parse_pragma)
#include "../case.fxh"
#pragma
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
