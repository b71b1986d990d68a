// a list of one struct twice, with a trailing comma, initialises a struct array (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    S a[2] = { s, s, };
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
