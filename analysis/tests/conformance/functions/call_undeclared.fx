// calling an unknown function is X3004 (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Unknown(1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
