// a float for an out float2 (parse_expression_unary)
#include "../case.fxh"
void F(out float2 x) { x = 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    F(a);
    return a;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
