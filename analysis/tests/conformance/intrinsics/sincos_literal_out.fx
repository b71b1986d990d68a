// sincos with a literal out argument is X3025 (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float s;
    sincos(uv.x, s, 1.0);
    return s;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
