// a constant index past the end of an array of structs (X3504, parse_expression_unary)
#include "../case.fxh"
struct S { float m; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s; s.m = 1.0;
    S a[2];
    a[2] = s;
    return undeclared;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
