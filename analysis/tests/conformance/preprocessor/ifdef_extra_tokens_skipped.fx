// tokens after #ifdef inside a skipped block are not checked
#include "../case.fxh"
#if 0
#ifdef A junk
#endif
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
