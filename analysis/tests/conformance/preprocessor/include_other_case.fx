// an #include name in another letter case than the file (preprocessor::parse_include)
#include "../case.fxh"
#include "INCLUDED.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return IncludedValue();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
