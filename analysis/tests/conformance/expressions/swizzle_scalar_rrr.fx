// a scalar's .rr (parse_expression_unary, member)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float b = 2;
    float2 a = b.rr;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
