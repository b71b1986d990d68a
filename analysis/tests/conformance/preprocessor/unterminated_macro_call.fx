// a macro call without its ) at the end of the file (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
#define F(x) x
float a = F(1
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
