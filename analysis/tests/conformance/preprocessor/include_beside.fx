// an #include of a file beside the effect (preprocessor::parse_include)
#include "../case.fxh"
#include "included.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return IncludedValue();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
