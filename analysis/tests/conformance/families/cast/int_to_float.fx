// (float) of a int (parse_expression_unary, type::rank)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a;
    (float)a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
