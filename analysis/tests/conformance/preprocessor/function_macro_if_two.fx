// in #if, the name without ( stays a 0 operand: two operands side by side are invalid
#include "../case.fxh"
#define F(x) x
#if F 1
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
