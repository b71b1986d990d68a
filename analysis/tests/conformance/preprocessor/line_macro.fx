// __LINE__ expands to the line number (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a[__LINE__ + 1]; a[__LINE__] = 0;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
