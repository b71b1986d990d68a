// Shared by the conformance cases (not a case itself): a full-screen vertex shader, a texture and
// its sampler. Every case includes it on line 2, so the case's own lines keep their numbers.
#pragma once
texture2D CaseTex { Width = 16; Height = 16; Format = RGBA8; };
sampler2D CaseSamp { Texture = CaseTex; };
void CaseVS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0)
{
    uv = float2(id == 2 ? 2.0 : 0.0, id == 1 ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}
