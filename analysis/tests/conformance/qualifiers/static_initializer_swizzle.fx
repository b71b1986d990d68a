// a swizzle of a constant vector is constant (expression::add_swizzle_access)
#include "../case.fxh"
static const float3 K = float3(1, 2, 3);
static float2 G = K.zy;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G.xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
