// a file including itself (preprocessor::parse_include)
#include "../case.fxh"
#include "include_recursive.fx"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
