// #error needs a string literal (preprocessor::parse_error)
#include "../case.fxh"
#error stop here
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
