// indexing an array member of a struct array (parse_expression_unary)
#include "../case.fxh"
struct S { float a[2]; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s[2];
    s[1].a[1] = 3;
    return s[1].a[1];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
