// #error and what follows it in a skipped block are not read
#include "../case.fxh"
#if 0
#error "x" junk
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
