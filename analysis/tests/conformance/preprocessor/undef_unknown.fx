// #undef of an unknown name is fine (preprocessor::parse_undef)
#include "../case.fxh"
#undef NEVER_DEFINED
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
