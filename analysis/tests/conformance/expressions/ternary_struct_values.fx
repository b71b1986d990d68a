// ?: between two values of one struct (parse_expression_multary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    S t = uv.x > 0.5 ? s : s;
    return t.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
