// a scalar divided by a matrix (float and int) divides it into every component, row by row (WGSL has no such operator; was unsupported)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3x2 m = float3x2(0.2, 4.7, 3.5, 0.6, uv.x, 2.6);
    float3x2 a = length(float3(0.4, 4.0, 4.9)) / m;
    float3x2 b = uv.y / m;
    int2x2 k = int2x2(1, 2, 3, int(uv.x * 4.0) + 1);
    int2x2 c = 12 / k;
    return float4(a[0] + b[1], c[1]);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
