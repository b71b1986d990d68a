// a member followed by '(' on the next line is a method call, reported at the member
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 c[2] = {
        tex2D(CaseSamp, uv).rgb,
        tex2D(CaseSamp, uv).bgr
        (1.0);
    return float4(c[0], 1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
