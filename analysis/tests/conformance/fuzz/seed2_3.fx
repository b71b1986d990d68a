// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 34; Height = 16; Format = R8; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = BORDER; MagFilter = LINEAR; };
uniform bool FuzzU < ui_type = "drag"; ui_min = 4.5; ui_label = "U"; > = false;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (4)
    {
        uint v2 = FuzzU;
        break;
    case 1:
        {
        }
        break;
    case 2:
    default: break;
    }
    {
        int4 v4 = v2.ssss;
    }
    switch (v5)
    {
    }
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS;  } }
