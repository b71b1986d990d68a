// #if evaluates + - * / % (preprocessor::evaluate_expression)
#include "../case.fxh"
#if (2 + 3 * 4 - 10 / 2) % 5 == 4
float a = 1;
#else
error here
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
