// an array of vectors among a constructor's arguments: accepted, then flattened into too many components for any back end
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a[2] = { float3(1, 0, 1), float3(0, 1, 0) };
    float4 d = float4(a, 1);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
