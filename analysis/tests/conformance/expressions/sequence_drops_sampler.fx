// A sampler as a dropped operand of the comma operator: ReShade reads nothing and
// takes the last operand's value. (Fuzzing seed 61: `(sTexRim, texcoord + ...)`.)
#include "ReShade.fxh"
texture Tex { Width = 4; Height = 4; };
sampler sTex { Texture = Tex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float2 t = (sTex, uv + 0.5);
    sTex;
    return tex2D(sTex, (sTex, t)) * (ReShade::BackBuffer, 2.0);
}
technique T { pass { VertexShader = PostProcessVS; PixelShader = PS; } }
