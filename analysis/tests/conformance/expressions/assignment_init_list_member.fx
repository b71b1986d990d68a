// assigning an initialiser list to an array member (parse_expression_assignment)
#include "../case.fxh"
struct S { float m[3]; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.m = { 1, 0, 1 };
    return s.m[2];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
