// a float2 argument: float (truncation) or float4 (no widening) (type::rank)
#include "../case.fxh"
float F(float x) { return 1; }
float F(float4 x) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(float2(1, 2));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
