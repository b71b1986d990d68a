// an #elif inside a skipped block is not evaluated (preprocessor::parse_elif)
#include "../case.fxh"
#if 0
#if 1
#elif 1 /
#endif
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
