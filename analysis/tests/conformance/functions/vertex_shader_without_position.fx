// a vertex shader whose position output has a semantic that is no SV_Position (SV_POSITION1X): ReShade's compiler accepts it, no back end draws with it
#include "../case.fxh"
void VS(in uint id : SV_VertexID, out float4 p : SV_POSITION1X, out float2 uv : TEXCOORD0)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    p = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return uv.xyxy;
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
