// a macro call reads its arguments on through directives, which are never run: the #endif after is one too many
#include "../case.fxh"
#define F(a, b) a + b
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = F(1,
#if 1
    2);
#endif
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
