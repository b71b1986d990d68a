// tokens after #endif are a syntax error (preprocessor::parse)
#include "../case.fxh"
#if 1
#endif junk
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
