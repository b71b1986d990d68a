// a ( on the next line does not invoke a function-like macro (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
#define F(x) x
static const float a = F
(1);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
