// an unknown directive inside a skipped block is ignored (preprocessor::parse)
#include "../case.fxh"
#if 0
#frobnicate
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
