// assigning a static global inside a function (parser::parse_expression_assignment)
#include "../case.fxh"
static float G = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    G = 2;
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
