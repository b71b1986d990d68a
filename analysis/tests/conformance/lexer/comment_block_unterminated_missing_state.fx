// an open block comment at the end hides nothing before it: the first error is still the pass's (X3012)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { PixelShader = PS; } }
/* never closed
