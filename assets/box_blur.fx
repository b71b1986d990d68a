// A separable 5-tap box blur in two passes through an intermediate texture: exercises owned
// textures, samplers, render targets, loops, user functions taking a sampler, integer texel
// fetches and ReShade.fxh's PostProcessVS.

#include "ReShade.fxh"

#define RADIUS 2

texture BlurTex { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA16F; };
sampler BlurSampler { Texture = BlurTex; MinFilter = POINT; MagFilter = POINT; };

// The average of the 2 * RADIUS + 1 texels around `center` along `step`, clamped to the edges.
float4 Average(sampler s, int2 center, int2 step)
{
    const int2 last = int2(BUFFER_WIDTH - 1, BUFFER_HEIGHT - 1);
    float4 sum = 0;
    [unroll]
    for (int i = -RADIUS; i <= RADIUS; i++)
    {
        sum += tex2Dfetch(s, clamp(center + step * i, 0, last));
    }
    return sum / (2 * RADIUS + 1);
}

float4 HorizontalPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return Average(ReShade::BackBuffer, int2(pos.xy), int2(1, 0));
}

float4 VerticalPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return Average(BlurSampler, int2(pos.xy), int2(0, 1));
}

technique BoxBlurFX < enabled = true; >
{
    pass Horizontal
    {
        VertexShader = PostProcessVS;
        PixelShader = HorizontalPS;
        RenderTarget = BlurTex;
    }
    pass Vertical
    {
        VertexShader = PostProcessVS;
        PixelShader = VerticalPS;
    }
}
