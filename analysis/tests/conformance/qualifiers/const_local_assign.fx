// assigning a const local is X3025 (parser::parse_expression_assignment)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    const float a = 1;
    a = 2;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
