// a nested #if inside a skipped block stays skipped (preprocessor::parse_if)
#include "../case.fxh"
#if 0
#if 1
error here
#endif
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
