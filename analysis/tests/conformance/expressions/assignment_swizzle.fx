// assigning to a swizzle (parse_expression_assignment)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 a = 0;
    a.zx = float2(1, 2);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
