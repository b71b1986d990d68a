// only - gets a space: +P(+1.0) reads ++1.0, an increment of a constant
#include "../case.fxh"
#define P(a) a
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = +P(+1.0);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
