// A compute pass writing a storage, several render targets in one pass, and namespaced entry
// points, samplers and textures.
namespace Outer
{
    texture Grid { Width = 32; Height = 16; Format = RGBA8; };
    storage wGrid { Texture = Grid; };
    sampler sGrid { Texture = Grid; MinFilter = POINT; MagFilter = POINT; };

    namespace Inner
    {
        void FillCS(uint3 id : SV_DispatchThreadID)
        {
            tex2Dstore(wGrid, id.xy, float4(id.x / 31.0, id.y / 15.0, ((id.x + id.y) & 1), 1.0));
        }
    }
}

texture RT0 { Width = 32; Height = 16; Format = RGBA8; };
texture RT1 { Width = 32; Height = 16; Format = R32F; };
texture RT2 { Width = 32; Height = 16; Format = RG16F; };
sampler sRT0 { Texture = RT0; MinFilter = POINT; MagFilter = POINT; };

namespace Outer
{
    void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
    {
        uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
        pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
    }

    void SplitPS(float4 pos : SV_Position, float2 uv : TEXCOORD,
        out float4 c0 : SV_Target0, out float c1 : SV_Target1, out float2 c2 : SV_Target2)
    {
        float4 g = tex2D(sGrid, uv);
        c0 = g.bgra;
        c1 = dot(g.rgb, float3(0.25, 0.5, 0.125)) * 3.0 - 1.0;
        c2 = float2(g.r * g.g, pos.x / 32.0 - pos.y / 16.0);
    }
}

float4 ShowPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return tex2D(sRT0, uv);
}

technique Compute
{
    pass Fill { ComputeShader = Outer::Inner::FillCS<8, 8>; DispatchSizeX = 4; DispatchSizeY = 2; }
    pass Split { VertexShader = Outer::VS; PixelShader = Outer::SplitPS; RenderTarget0 = RT0; RenderTarget1 = RT1; RenderTarget2 = RT2; }
    pass Show { VertexShader = Outer::VS; PixelShader = ShowPS; }
}
