// ?: between a struct and a number is X3020 (parse_expression_multary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    float t = uv.x > 0.5 ? s : 1.0;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
