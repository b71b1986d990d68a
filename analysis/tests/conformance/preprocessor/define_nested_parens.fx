// commas inside parentheses stay in one argument (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
#define FIRST(a, b) a
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 x = FIRST(float2(1, 2), 3);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
