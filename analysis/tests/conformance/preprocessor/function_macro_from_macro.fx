// a function-like macro name produced by another macro, followed by a blank and no (, disappears
#include "../case.fxh"
#define F(x) x
#define G F
static const float G = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
