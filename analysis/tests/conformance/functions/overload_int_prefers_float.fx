// an int argument prefers float over uint (type::rank)
#include "../case.fxh"
float F(float x) { return 1; }
float F(uint x) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
