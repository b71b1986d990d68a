// an array of vectors as the condition of ?: is accepted (is_vector() ignores the array)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a[2] = { float3(1, 0, 1), float3(0, 1, 0) };
    float3 c = a ? float3(1, 2, 3) : float3(4, 5, 6);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
