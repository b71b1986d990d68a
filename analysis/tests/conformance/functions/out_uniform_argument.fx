// a uniform for an out parameter is X3025 (parse_expression_unary)
#include "../case.fxh"
uniform float U = 1;
void F(out float x) { x = 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    F(U);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
