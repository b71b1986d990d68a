// a uint argument: float beats int (type::rank)
#include "../case.fxh"
float F(float x) { return 1; }
float F(int x) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1u);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
