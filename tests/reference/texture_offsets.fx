// Texel offsets and gathers over a texture with mips, against ReShade's module (whose offsets
// are SPIR-V's `ConstOffset`/`ConstOffsets`: in texels of each level read): offsets at an
// implicit level past 0, between two levels, with gradients, from a named constant; gathers of
// each component with one offset and with four; fetches and sizes of a level.
texture Src { Width = 16; Height = 16; MipLevels = 3; Format = RGBA8; };
texture Out { Width = 128; Height = 16; Format = RGBA16F; };
sampler sPoint { Texture = Src; MinFilter = POINT; MagFilter = POINT; MipFilter = POINT; };
sampler sTri { Texture = Src; MinFilter = LINEAR; MagFilter = LINEAR; MipFilter = LINEAR; };
sampler sLin { Texture = Src; AddressU = WRAP; AddressV = MIRROR; MipFilter = POINT; };

static const int2 Shift = int2(-2, 1);

void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}

// A pattern with detail at every level: mips are generated from it.
float4 FillPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    int2 p = int2(pos.xy);
    return float4(uv, ((p.x ^ p.y) & 3) / 3.0, ((p.x * 7 + p.y * 3) % 16) / 15.0);
}

// Eight columns of 16x16 over coordinates from -0.75 to 1.75: 2.5 texels of level 0 a pixel
// across, so implicit sampling reads level 1.
float4 ReadPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float2 t = frac(uv * float2(8.0, 1.0)) * 2.5 - 0.75;
    int column = int(uv.x * 8.0);
    if (column == 0) return tex2D(sPoint, t, int2(1, -1));
    if (column == 1) return tex2Dlod(sTri, float4(t, 0, 0.5), int2(1, 0));
    if (column == 2) return tex2Dgrad(sLin, t, float2(0.15, 0.0), float2(0.0, 0.15), int2(0, 1));
    if (column == 3) return tex2DgatherR(sPoint, t, int2(1, 1)) * 0.5 + tex2DgatherG(sPoint, t, int2(-1, 0)) * 0.5;
    if (column == 4) return tex2DgatherB(sPoint, t, int2(0, 0), int2(1, 0), int2(0, 1), int2(-1, -1));
    if (column == 5) return tex2DgatherA(sPoint, t) * 0.5 + tex2Dlod(sPoint, float4(t, 0, 1.0), Shift) * 0.5;
    if (column == 6) return tex2Dfetch(sPoint, int2(pos.xy) % 8, 1) + float4(tex2Dsize(sPoint, 1), tex2Dsize(sPoint, 2)) / 16.0;
    return tex2D(sLin, t, int2(-8, 7)) * 0.5 + tex2D(sTri, t, 3) * 0.5;
}

technique Offsets
{
    pass Fill { VertexShader = VS; PixelShader = FillPS; RenderTarget = Src; }
    pass Read { VertexShader = VS; PixelShader = ReadPS; RenderTarget = Out; }
}
