// a function-like macro defined again as object-like is a redefinition (preprocessor::parse_def)
#include "../case.fxh"
#define F(x) x
#define F 1
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
