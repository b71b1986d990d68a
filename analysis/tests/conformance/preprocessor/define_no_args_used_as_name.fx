// a function-like macro without ( stays an identifier (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
#define F(x) x
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float F = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
