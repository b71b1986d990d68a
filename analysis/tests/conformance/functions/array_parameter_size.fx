// an array of 3 for an array parameter of 2 is X3013 (type::rank)
#include "../case.fxh"
float F(float x[2]) { return x[1]; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[3] = { 1, 2, 3 };
    return F(a);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
