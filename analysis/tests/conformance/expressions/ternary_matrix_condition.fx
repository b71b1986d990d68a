// a matrix condition is X3022 (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool2x2 c = bool2x2(true, false, true, false);
    float2x2 a = c ? float2x2(1, 2, 3, 4) : float2x2(5, 6, 7, 8);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
