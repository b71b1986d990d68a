// calling an intrinsic hidden by a local is X3005 (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float lerp = 2;
    float a = lerp(0, 1, 0.5);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
