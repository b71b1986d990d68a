// (int3) of a bool (parse_expression_unary, type::rank)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool a;
    (int3)a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
