// global 'static const' values ReShade folds float arithmetic to an infinity or a NaN (scalar, vector, array element, in a namespace, and one computed from another) are accepted (after seed 14)
#include "../case.fxh"
static const float K = 0.0 / 0.0;
static const float3 V = float3(1.0, 2.0, 3.0) / float3(0.0, 1.0, 2.0);
static const float L = K * 2.0;
static const float A[2] = { 1.0 / 0.0, 2.0 };
namespace N { static const float M = -1e38 * 1e3; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = int(uv.x * 2);
    return float4(K, V.y, L + A[i] + A[1], N::M);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
