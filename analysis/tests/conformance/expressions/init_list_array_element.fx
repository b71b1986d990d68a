// an array as a list's element is X3119 (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    float b[2] = { 1, 2 }; float a[2] = { b, b };
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
