// assigning a const parameter is X3025 (parse_expression_assignment)
#include "../case.fxh"
float F(const float x) { x = 2; return x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
