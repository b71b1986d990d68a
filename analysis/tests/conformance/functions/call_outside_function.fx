// a user call in a global initialiser is X3005 (parse_expression_unary)
#include "../case.fxh"
float F() { return 1; }
static float G = F();
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
