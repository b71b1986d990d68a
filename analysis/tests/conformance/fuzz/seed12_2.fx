// a float shift inside a comparison types as float2, so the switch selector's error is on its line (fx_diff_fuzz, seed 12)
#include "../case.fxh"
texture2D FuzzTex { Width = 40; Height = 16; Format = RGBA8; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = POINT; MagFilter = LINEAR; };
uniform int4 FuzzU < ui_type = "drag"; ui_min = 1.5; ui_label = "U"; > = int4(1, 6, 2, 4);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch ((sqrt(exp2(uv)) < ((true ? 3 : FuzzU) >> (-1 / uv))))
    {
        {
        }
    }
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = false; SrcBlend = SRCALPHA; DestBlend = INVSRCALPHA; } }
