// a struct name used as a value (parse_expression_unary)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = S;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
