// assigning a struct (parse_expression_assignment)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S a, b;
    a.x = 1;
    b = a;
    return b.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
