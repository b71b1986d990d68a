// == between a struct and a number is X3020 (parse_expression_multary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S a;
    a.x = 1;
    bool e = a == 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
