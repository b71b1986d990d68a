// the #if in a macro call's arguments is never run: the #else after it has no #if
#include "../case.fxh"
#define F(a, b) a + b
static const float x = F(1,
#if 0
    2);
#else
    3);
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return x; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
