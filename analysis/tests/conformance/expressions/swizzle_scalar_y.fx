// a scalar's .y is X3018 (parse_expression_unary, member)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float b = 2;
    float a = b.y;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
