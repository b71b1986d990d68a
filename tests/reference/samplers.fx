// Samplers with every state over one texture with mips: address modes (clamp, mirror, wrap,
// border), point and linear filters, sRGB reads, a LOD range; two samplers of one texture.
texture Src { Width = 16; Height = 16; MipLevels = 3; Format = RGBA8; };
texture Out { Width = 64; Height = 16; Format = RGBA16F; };
sampler sClamp { Texture = Src; AddressU = CLAMP; AddressV = CLAMP; MinFilter = POINT; MagFilter = POINT; MipFilter = POINT; };
sampler sMirror { Texture = Src; AddressU = MIRROR; AddressV = MIRROR; MinFilter = LINEAR; MagFilter = LINEAR; };
sampler sWrap { Texture = Src; AddressU = WRAP; AddressV = REPEAT; MagFilter = POINT; MinFilter = LINEAR; };
sampler sBorder { Texture = Src; AddressU = BORDER; AddressV = BORDER; MinFilter = POINT; MagFilter = POINT; };
sampler sSrgb { Texture = Src; SRGBTexture = true; };
sampler sLod { Texture = Src; MinLOD = 1.0; MaxLOD = 2.0; MipFilter = LINEAR; };

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

// Four columns of 16x16, one sampler each, over coordinates from -0.75 to 1.75.
float4 SamplePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float2 t = frac(uv * float2(4.0, 1.0)) * 2.5 - 0.75;
    int column = int(uv.x * 4.0);
    if (column == 0) return tex2D(sClamp, t) + tex2Dlod(sClamp, float4(t, 0, 1.0));
    if (column == 1) return tex2D(sMirror, t) * 0.5 + tex2D(sWrap, t) * 0.5;
    if (column == 2) return tex2D(sBorder, t) + tex2Dfetch(sClamp, int2(pos.xy) % 16) * 0.25;
    return tex2D(sSrgb, t) * 0.5 + tex2Dlod(sLod, float4(t, 0, 0.0)) * 0.5;
}

technique Samplers
{
    pass Fill { VertexShader = VS; PixelShader = FillPS; RenderTarget = Src; }
    pass Sample { VertexShader = VS; PixelShader = SamplePS; RenderTarget = Out; }
}
