// a function-like macro name followed by a blank and no ( disappears: 1 F + 2 reads as 1 + 2
#include "../case.fxh"
#define F(x) x
static const float a = 1 F + 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
