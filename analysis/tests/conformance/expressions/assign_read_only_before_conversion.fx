// an assignment to a read-only value that does not convert either: writability comes first
#include "../case.fxh"
static const float3 K = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    K =
        float4x4(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    return float4(K, 1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
