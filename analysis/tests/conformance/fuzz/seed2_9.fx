// a shift by a constant amount past the width takes its low five bits (found by fx_diff_fuzz, seed 2; parse_expression_multary)
#include "../case.fxh"
texture2D FuzzTex { Width = 45; Height = 16; Format = rg16f; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = CLAMP; MagFilter = LINEAR; };
uniform int3 FuzzU < ui_type = "drag"; ui_min = 2.2; ui_label = "U"; > = int3(2, 5, 1);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (3)
    {
        switch ((uv.y < ((int)saturate(uv))))
        {
        default: break;
        }
        break;
    }
    uint v2 = (4u * (FuzzU >> int3(-1, 1, 4)));
    {
        {
        }
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = 1; DestBlend = DESTCOLOR; ColorWriteMask = 3; } }
