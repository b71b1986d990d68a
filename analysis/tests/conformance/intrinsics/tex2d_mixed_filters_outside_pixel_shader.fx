// tex2D through a sampler whose min and mag filters differ, in a vertex shader, in a function
// both stages call, and in a compute shader: ReShade accepts it (implicit LOD in every stage)
#include "../case.fxh"
texture2D Tex { Width = 4; Height = 4; };
texture2D Out { Width = 4; Height = 4; Format = RGBA8; };
sampler2D Mixed { Texture = Tex; MinFilter = LINEAR; MagFilter = POINT; };
storage2D OutStorage { Texture = Out; };
float4 Shared(float2 uv) { return tex2D(Mixed, uv); }
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), Shared(uv).x * 0.0, 1.0);
    pos.w += tex2D(Mixed, uv).y * 0.0;
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return Shared(uv); }
void CS(uint3 id : SV_DispatchThreadID) { tex2Dstore(OutStorage, id.xy, Shared(id.xy / 4.0)); }
technique T
{
    pass { VertexShader = VS; PixelShader = PS; }
    pass { ComputeShader = CS<4, 4>; DispatchSizeX = 1; DispatchSizeY = 1; }
}
