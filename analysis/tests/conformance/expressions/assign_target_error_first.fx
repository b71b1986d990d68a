// an assignment whose target has an error: the value's own error is not reported first
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 c = 1.0;
    Missing.x = (c +
        Other);
    return float4(c, 1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
