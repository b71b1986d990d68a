// #if evaluates << >> & | ^ ~ (preprocessor::evaluate_expression)
#include "../case.fxh"
#if ((1 << 4) >> 2) == 4 && (6 & 3) == 2 && (4 | 1) == 5 && (5 ^ 1) == 4 && ~0 == -1
float a = 1;
#else
error here
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
