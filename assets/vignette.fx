// Darkens the image towards its corners: the ReShade FX version of vignette.wfx.

#include "ReShade.fxh"

uniform float Strength < ui_type = "slider"; ui_min = 0.0; ui_max = 1.0; ui_label = "Strength"; > = 0.6;
uniform float Inner < ui_type = "slider"; ui_min = 0.0; ui_max = 1.0; ui_label = "Inner radius"; > = 0.4;

float Darkening(float2 uv, out float d)
{
    // Distance from the centre, 1.0 at the corners.
    d = distance(uv, 0.5) * 1.4142135;
    return 1.0 - Strength * smoothstep(Inner, 1.0, d);
}

float4 VignettePS(float4 pos : SV_Position, float2 texcoord : TEXCOORD) : SV_Target
{
    float4 color = tex2D(ReShade::BackBuffer, texcoord);
    float d;
    color.rgb *= Darkening(texcoord, d);
    return color;
}

technique VignetteFX < ui_label = "Vignette (FX)"; enabled = true; >
{
    pass
    {
        VertexShader = PostProcessVS;
        PixelShader = VignettePS;
    }
}
