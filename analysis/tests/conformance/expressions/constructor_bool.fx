// bool2(1, 0) converts (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool2 a = bool2(1, 0);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
