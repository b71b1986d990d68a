// a list of structs for an array of structs (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    S a[2] = { s, s };
    return a[1].x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
