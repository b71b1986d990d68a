// a float4 argument: truncation to float2 or float3 (type::rank)
#include "../case.fxh"
float F(float2 x) { return 1; }
float F(float3 x) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(float4(1, 2, 3, 4));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
