// a float shift in a switch selector types as float2, so the selector's 'must be scalar' error is found on its line (fx_diff_fuzz, seed 12)
#include "../case.fxh"
texture2D FuzzTex { Width = 34; Height = 16; Format = RGBA16F; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = CLAMP; MagFilter = ANISOTROPIC; };
uniform int FuzzU < ui_type = "drag"; ui_min = 2.5; ui_label = "U"; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch ((max((uv >= FuzzU), uv) ? 4 : (+uv >> dot(0.6, FuzzU))))
    {
        {
        }
    }
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; SrcBlend = INVSRCALPHA; DestBlend = ZERO; ColorWriteMask = 3; } }
