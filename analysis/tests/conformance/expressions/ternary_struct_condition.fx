// a struct condition is X3022 (parse_expression_multary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    float a = s ? 1.0 : 2.0;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
