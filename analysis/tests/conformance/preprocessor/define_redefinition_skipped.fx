// a second #define inside a skipped block is not read (preprocessor::parse)
#include "../case.fxh"
#define A 1
#if 0
#define A 2
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
