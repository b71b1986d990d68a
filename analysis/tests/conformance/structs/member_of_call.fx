// a member of a call's result (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
S F() { S s; s.x = 1; return s; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F().x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
