// ++ on a struct is X3022 (parse_expression_unary, postfix)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 0;
    s++;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
