// #pragma reshade is kept for the runtime (preprocessor::parse_pragma)
#include "../case.fxh"
#pragma reshade showfps
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
