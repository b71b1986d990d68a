// a float3 argument: float3 beats float4 (type::rank)
#include "../case.fxh"
float F(float3 x) { return 1; }
float F(float4 x) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(float3(1, 2, 3));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
