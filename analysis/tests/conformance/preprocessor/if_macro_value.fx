// a macro in #if expands to its value (preprocessor::evaluate_expression)
#include "../case.fxh"
#define LEVEL 3
#if LEVEL >= 2
float a = 1;
#else
error here
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
