// A static const array's element as the index of another element in a module-scope initialiser: a constant for ReShade
#include "../case.fxh"
static const int K[3] = { 1, 2, 0 };
static const int L = K[K[K[1]]];
static const float M = float3(1, 2, 3)[K[0]];
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return L + M;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
