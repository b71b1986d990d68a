// a constant index past a vector's end is not checked (parse_expression_unary, index)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 v = 0;
    float a = v[3];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
