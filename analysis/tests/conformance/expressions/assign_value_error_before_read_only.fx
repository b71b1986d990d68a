// an assignment to a read-only value whose value has an error
#include "../case.fxh"
static const float K = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    K =
        Missing;
    return K;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
