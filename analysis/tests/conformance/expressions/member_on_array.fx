// a member of an array is X3018 (parse_expression_unary, member)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 a[2];
    float b = a.x;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
