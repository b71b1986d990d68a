// inside a macro argument, a function-like macro name followed by a blank and no ( disappears too
#include "../case.fxh"
#define F(x) x
#define I(x) x
static const float I(F = 1);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
