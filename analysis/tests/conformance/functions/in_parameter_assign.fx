// assigning an in parameter (parse_expression_assignment)
#include "../case.fxh"
float F(in float x) { x = 2; return x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
