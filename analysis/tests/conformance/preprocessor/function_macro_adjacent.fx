// a function-like macro name followed by a token without a space stays a name (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
#define F(x) x
static const float F= 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
