// an int for an out float (parse_expression_unary)
#include "../case.fxh"
void F(out float x) { x = 1.5; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a = 0;
    F(a);
    return a;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
