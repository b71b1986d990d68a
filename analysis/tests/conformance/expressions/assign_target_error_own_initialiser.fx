// an assignment whose target has an error is given up: no l-value error, its value unread
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 c = 1.0;
    float3 m = min(c, 0.5) +

    m = min(m, 1.0);
    return float4(m, 1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
