// == on two values of one struct is accepted (parse_expression_multary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S a, b;
    a.x = 1;
    b.x = 1;
    bool e = a == b;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
