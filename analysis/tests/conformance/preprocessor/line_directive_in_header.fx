// a #line in an included file renumbers only that file: the includer keeps its lines (preprocessor::parse_include)
#include "../case.fxh"
#include "line_header.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = ;
    return LineHeaderValue();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
