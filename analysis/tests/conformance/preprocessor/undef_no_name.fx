// #undef needs an identifier (preprocessor::parse_undef)
#include "../case.fxh"
#undef 3
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
