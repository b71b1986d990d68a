// assigning a uniform is X3025 (parser::parse_expression_assignment)
#include "../case.fxh"
uniform float G = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    G = 2;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
