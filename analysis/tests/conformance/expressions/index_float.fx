// a float index is X3120 (parse_expression_unary, index)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[2];
    a[1.0] = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
