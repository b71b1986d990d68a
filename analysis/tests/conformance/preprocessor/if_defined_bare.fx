// defined NAME without parentheses in #if (preprocessor::evaluate_expression)
#include "../case.fxh"
#define ON
#if defined ON
float a = 1;
#else
error here
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
