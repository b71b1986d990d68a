// indexing a struct is X3121 (parse_expression_unary, index)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    float a = s[0];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
