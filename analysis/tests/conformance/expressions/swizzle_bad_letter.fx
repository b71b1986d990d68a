// .xk is X3018 (parse_expression_unary, member)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 a = float4(1, 2, 3, 4).xk;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
