// a method call on a struct is X3088 (parse_expression_unary, member)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    float a = s.f();
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
