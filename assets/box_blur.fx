// A separable 5-tap box blur in two passes through an intermediate texture: exercises owned
// textures, samplers with point filtering, render targets, loops, user functions taking a
// sampler, and ReShade.fxh's PostProcessVS.

#include "ReShade.fxh"

#define RADIUS 2

texture BlurTex { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA16F; };
sampler BlurSampler { Texture = BlurTex; MinFilter = POINT; MagFilter = POINT; };

float4 Average(sampler s, float2 uv, float2 step)
{
    float4 sum = 0;
    [unroll]
    for (int i = -RADIUS; i <= RADIUS; i++)
    {
        sum += tex2Dfetch(s, int2(uv * BUFFER_SCREEN_SIZE + step * i));
    }
    return sum / (2 * RADIUS + 1);
}

float4 HorizontalPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return Average(ReShade::BackBuffer, uv, float2(1, 0));
}

float4 VerticalPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return Average(BlurSampler, uv, float2(0, 1));
}

technique BoxBlurFX
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
