// a call outside a function is X3005 (parser::parse_expression_unary)
#include "../case.fxh"
static float G = sin(1.0);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
