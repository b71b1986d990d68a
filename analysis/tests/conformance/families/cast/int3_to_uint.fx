// (uint) of a int3 (parse_expression_unary, type::rank)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int3 a;
    (uint)a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
