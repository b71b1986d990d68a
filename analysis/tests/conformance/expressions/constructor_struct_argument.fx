// float2(s, 1) with a struct argument is X3017 (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    float2 a = float2(s, 1);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
