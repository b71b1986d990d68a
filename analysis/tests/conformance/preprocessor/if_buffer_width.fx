// BUFFER_WIDTH is a number in #if (predefined macros)
#include "../case.fxh"
#if BUFFER_WIDTH > 0
float a = 1;
#else
error here
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
