// a varying at a semantic a matrix varying's rows take (TEXCOORD1 to TEXCOORD3): ReShade accepts the overlap, which no back end runs
#include "../case.fxh"
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0, out float3x2 m : TEXCOORD1, out float2 x : TEXCOORD3)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
    m = float3x2(uv.x, uv.y, 1.0, 2.0, 3.0, uv.x);
    x = uv * 3.0;
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0, float3x2 m : TEXCOORD1, float2 x : TEXCOORD3) : SV_Target
{
    return float4(m[0], m[2].y, x.x);
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
