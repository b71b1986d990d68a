// an #include of an identifier that is no macro (preprocessor::parse_include)
#include "../case.fxh"
#include HEADER_NAME
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
