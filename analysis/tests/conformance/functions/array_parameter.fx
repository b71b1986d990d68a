// an array parameter (parse_function)
#include "../case.fxh"
float F(float x[2]) { return x[1]; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[2] = { 1, 2 };
    return F(a);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
