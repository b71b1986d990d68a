// A pixel shader output with a semantic of the effect's own: ReShade's front end accepts it, but its
// Direct3D back ends reject it (SV_Target, or COLOR in D3D9): backend_rejects.tsv. (Fuzzing seed 61.)
#include "ReShade.fxh"
void PS(float4 pos : SV_Position, float2 uv : TEXCOORD, out float4 color : FLOAT4X3SV_TARGET0)
{
    color = float4(uv, 0.0, 1.0);
}
technique T { pass { VertexShader = PostProcessVS; PixelShader = PS; } }
