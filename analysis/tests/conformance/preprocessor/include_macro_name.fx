// an #include name given by a macro (preprocessor::parse_include)
#include "../case.fxh"
#define HEADER "included.fxh"
#include HEADER
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return IncludedValue();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
