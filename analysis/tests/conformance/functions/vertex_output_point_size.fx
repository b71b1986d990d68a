// a vertex shader may write SV_PointSize (a PointSize built-in in ReShade's SPIR-V; Direct3D 10
// and later ignore it)
#include "../case.fxh"
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0, out float size : SV_PointSize)
{
    CaseVS(id, pos, uv);
    size = 4.0;
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return uv.xyxy;
}
technique T { pass { VertexShader = VS; PixelShader = PS; PrimitiveTopology = POINTLIST; VertexCount = 3; } }
