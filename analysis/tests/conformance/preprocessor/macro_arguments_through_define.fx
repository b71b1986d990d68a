// a #define inside a macro call's arguments is text of the argument, never run
#include "../case.fxh"
#define F(a, b) a + b
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = F(1,
#define Q 5
    2); float y = Q;
    return x + y;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
