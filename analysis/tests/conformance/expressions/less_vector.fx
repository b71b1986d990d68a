// < on vectors gives a bool vector (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool2 a = uv < float2(0.5, 0.5);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
