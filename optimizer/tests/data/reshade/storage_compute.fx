// The storages, compute pass, uniform matrices, arrays and bools that no corpus effect has, for
// optimizer/tests/reshade_modules.rs. storage_compute.spv is what ReShade 6.1's compiler makes of it:
// fxc --vulkan-semantics -Zi --width 1280 --height 720 -Fo storage_compute.spv storage_compute.fx
uniform float2 Scale < ui_type = "drag"; > = float2(1.0, 2.0);
uniform float4x3 M;
uniform int Arr[3];
uniform bool Flag;
texture2D ColorTex { Width = 64; Height = 64; Format = RGBA8; };
texture2D FloatTex { Width = 64; Height = 64; Format = RGBA16F; };
texture2D RTex { Width = 64; Height = 64; Format = R32F; };
sampler2D ColorSamp { Texture = ColorTex; };
storage2D<float4> ColorStore { Texture = FloatTex; };
storage2D<float> RStore { Texture = RTex; };
namespace Ns { float4 helper(sampler2D s, float2 uv) { return tex2Dlod(s, float4(uv, 0, 0)) * Scale.x; } }
void CS_Main(uint3 id : SV_DispatchThreadID, uint3 tid : SV_GroupThreadID)
{
    float4 c = Ns::helper(ColorSamp, id.xy / 64.0) + M[0].xyzx + Arr[1] + (Flag ? 1 : 0);
    tex2Dstore(ColorStore, id.xy, c);
    tex2Dstore(RStore, id.xy, c.x + tex2Dfetch(ColorStore, id.xy).y);
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return tex2D(ColorSamp, uv) + tex2Dsize(ColorSamp).x; }
void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0, out float3 extra : TEXCOORD1)
{ uv = float2(id == 2 ? 2.0 : 0.0, id == 1 ? 2.0 : 0.0); pos = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1); extra = 0; }
technique T { pass { ComputeShader = CS_Main<8, 8>; DispatchSizeX = 8; DispatchSizeY = 8; } pass { VertexShader = VS; PixelShader = PS; } }
