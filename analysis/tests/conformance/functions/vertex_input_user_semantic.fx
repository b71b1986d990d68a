// A vertex shader input with a semantic of the effect's own: ReShade's front end accepts it, but it
// draws without vertex buffers, so nothing feeds it (D3D11 drops the draw): backend_rejects.tsv.
float4 VS(uint id : SV_VertexID, float2 extra : MY_INPUT, out float2 uv : TEXCOORD) : SV_Position
{
    uv = float2(id == 2 ? 2.0 : 0.0, id == 1 ? 2.0 : 0.0) + extra;
    return float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return float4(uv, 0.0, 1.0); }
technique T { pass { VertexShader = VS; PixelShader = PS; } }
