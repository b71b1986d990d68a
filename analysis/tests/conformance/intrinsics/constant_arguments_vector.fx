// a built-in of a constant vector, one lane out of domain (parse_expression_unary)
#include "../case.fxh"

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return sqrt(float2(-1, 4)).xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
