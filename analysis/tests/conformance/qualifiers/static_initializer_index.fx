// an element of a constant array is constant (expression::add_constant_index_access)
#include "../case.fxh"
static const float K[3] = { 1, 2, 3 };
static float G = K[1];
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
