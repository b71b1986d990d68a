// a bool2 condition for float3 values is X3020 (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a = uv > 0.5 ? float3(1, 2, 3) : float3(4, 5, 6);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
