// in #if, a function-like macro name without ( is an identifier, 0 (preprocessor::evaluate_expression)
#include "../case.fxh"
#define F(x) x
#if F == 0
#else
#error "F is not 0"
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
