// a struct after a vector in a list is X3017 at the struct (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    float2 a[2] = { float3(1, 2, 3), s };
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
