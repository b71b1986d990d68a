// (bool) of a uint (parse_expression_unary, type::rank)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint a;
    (bool)a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
