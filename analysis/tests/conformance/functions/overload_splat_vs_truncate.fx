// a float argument: float3 and float4 splats tie, X3067 (type::rank)
#include "../case.fxh"
float F(float3 x) { return 1; }
float F(float4 x) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
