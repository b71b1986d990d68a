// indexing a vector with a variable (parse_expression_unary, index)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)uv.x;
    float4 v = float4(1, 2, 3, 4);
    float a = v[i];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
