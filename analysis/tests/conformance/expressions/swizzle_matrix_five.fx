// five matrix cells is X3018 (parse_expression_unary, member)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3x3 m = float3x3(1, 0, 0, 0, 1, 0, 0, 0, 1);
    float4 a = m._m00_m01_m02_m10_m11;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
