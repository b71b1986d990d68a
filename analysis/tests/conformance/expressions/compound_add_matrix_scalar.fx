// += of a scalar on a matrix (parse_expression_assignment)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x2 m = float2x2(1, 2, 3, 4);
    m += 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
