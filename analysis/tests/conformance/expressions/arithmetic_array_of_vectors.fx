// an array of vectors as an arithmetic operand: parse_expression_multary checks is_vector(), which ignores the array, so ReShade's compiler accepts it (its HLSL casts the array, its SPIR-V is invalid)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a[4] = { float3(1, 2, 3), float3(4, 5, 6), float3(1, 2, 3), float3(1, 2, 3) };
    float3 d = a - float3(1, 1, 1);
    return float4(d, 1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
