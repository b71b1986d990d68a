// a macro with two parameters (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
#define ADD(a, b) ((a) + (b))
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = ADD(1.0, 2.0);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
