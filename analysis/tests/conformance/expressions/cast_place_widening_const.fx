// a cast of a constant scalar to a vector is no place (the constant stays const through the swizzle): X3025
#include "../case.fxh"
static const float K = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    (float2)K = uv;
    return float4(K, 0, 0, 0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
