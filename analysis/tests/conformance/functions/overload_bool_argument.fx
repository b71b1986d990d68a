// a bool argument: int and uint tie, X3067 (type::rank)
#include "../case.fxh"
float F(int x) { return 1; }
float F(uint x) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(true);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
