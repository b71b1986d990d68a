// S(1) is X3037: constructors are for numeric types (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s = S(1);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
