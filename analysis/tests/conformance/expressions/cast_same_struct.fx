// a cast of a struct to its own type (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    S t = (S)s;
    return t.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
