// a constant integer division by zero is left to run time; a switch group's local stays declared (found by fx_diff_fuzz, seed 2; parse_statement)
#include "../case.fxh"
texture2D FuzzTex { Width = 22; Height = 16; Format = RGB10A2; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = POINT; MagFilter = LINEAR; };
uniform int FuzzU < ui_type = "drag"; ui_min = 4.8; ui_label = "U"; > = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (((false ? -1 : 4) + 1))
    {
        bool2 v3 = bool2(true, true);
        break;
    }
    float v4 = mad(v3.t, FuzzU.x, any((bool3(true, false, false) / bool3(false, false, false))));
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = 1; DestBlend = DESTCOLOR; } }
