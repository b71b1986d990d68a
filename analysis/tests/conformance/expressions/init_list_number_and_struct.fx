// a list of a number, then a struct, is X3017 at the struct: each element's struct must be the one before it (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    float a[2] = { 1, s };
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
