// Pixel history (`fxbench debug --history`, tests/pixel_history.rs): three passes whose every
// value at a pixel is known. A writes its render target; B blends into the back buffer, marks
// the stencil buffer and discards the right half; C adds to the back buffer where B marked it.
#include "ReShade.fxh"

texture HistoryTex { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA8; };
sampler HistorySampler { Texture = HistoryTex; };

float4 PS_Write(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(uv.x, uv.y, 0.25, 1.0);
}

float4 PS_Blend(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    if (pos.x >= BUFFER_WIDTH / 2)
        discard;
    float4 a = tex2D(HistorySampler, uv);
    return float4(a.r, a.g, 1.0, 0.5);
}

float4 PS_Add(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(0.25, 0.125, 0.0, 0.0);
}

technique History
{
    pass Write
    {
        VertexShader = PostProcessVS;
        PixelShader = PS_Write;
        RenderTarget = HistoryTex;
    }
    pass Blend
    {
        VertexShader = PostProcessVS;
        PixelShader = PS_Blend;
        BlendEnable = true;
        SrcBlend = SRCALPHA;
        DestBlend = INVSRCALPHA;
        StencilEnable = true;
        StencilPass = REPLACE;
        StencilRef = 1;
    }
    pass Add
    {
        VertexShader = PostProcessVS;
        PixelShader = PS_Add;
        BlendEnable = true;
        SrcBlend = ONE;
        DestBlend = ONE;
        StencilEnable = true;
        StencilFunc = EQUAL;
        StencilRef = 1;
    }
}
