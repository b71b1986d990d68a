// an #include name with a Windows backslash (preprocessor::parse_include)
#include "../case.fxh"
#include "..\preprocessor\included.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return IncludedValue();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
