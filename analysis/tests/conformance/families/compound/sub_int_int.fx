// int -= int (parse_expression_assignment)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a;
    int b;
    a -= b;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
