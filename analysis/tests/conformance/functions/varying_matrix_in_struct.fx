// float matrices as members of the struct a vertex shader returns and a pixel shader takes (a TBN matrix, a 2x4 one)
#include "../case.fxh"
struct V2P { float4 pos : SV_Position; float2 uv : TEXCOORD0; float3x3 tbn : TEXCOORD1; float2x4 w : TEXCOORD4; };
V2P VS(in uint id : SV_VertexID)
{
    V2P o;
    o.uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    o.pos = float4(o.uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
    o.tbn = float3x3(o.uv.x, o.uv.y, 0.25, 0.5, o.uv.x * 0.5, 0.75, 0.125, 0.375, o.uv.y);
    o.w = float2x4(o.uv, 0.5, 0.25, o.uv.yx * 0.5, 0.125, 1.0);
    return o;
}
float4 PS(V2P i) : SV_Target
{
    return float4(i.tbn[0].xy, i.tbn[2].z, i.tbn[1].y) * 0.5 + float4(i.w[0].yz, i.w[1].xw) * 0.25;
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
