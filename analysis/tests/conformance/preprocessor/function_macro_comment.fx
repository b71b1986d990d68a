// a comment alone is no blank: the function-like macro name before it stays
#include "../case.fxh"
#define F(x) x
static const float F/**/= 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
