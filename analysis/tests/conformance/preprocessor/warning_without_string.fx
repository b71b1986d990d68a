// #warning needs a string literal (preprocessor::parse_warning)
#include "../case.fxh"
#warning careful
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
