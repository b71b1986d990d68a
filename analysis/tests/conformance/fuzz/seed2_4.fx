// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 36; Height = 16; Format = R8; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = POINT; MagFilter = POINT; };
uniform int FuzzU < ui_type = "drag"; ui_min = 2.7; ui_label = "U"; > = 3;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (FuzzU)
    {
        float v2 = uv;
        break;
    }
    {
        {
            v2++;
        }
    }
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; SrcBlend = DESTCOLOR; DestBlend = INVSRCALPHA; ColorWriteMask = 13; } }
