// calling a function declared later is X3004 (parse_expression_unary)
#include "../case.fxh"
float G() { return F(); }
float F() { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
