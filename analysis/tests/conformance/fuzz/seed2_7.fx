// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 44; Height = 16; Format = R32F; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = CLAMP; MagFilter = POINT; };
uniform float4 FuzzU < ui_type = "drag"; ui_min = 4.7; ui_label = "U"; > = float4(1.6, 1.6, 2.5, 3.9);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (((int)uv.r))
    {
        bool v2 = FuzzU.q;
        break;
    }
    int v3 = ((int)v2);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; SrcBlend = INVSRCALPHA; DestBlend = ZERO; ColorWriteMask = 12; } }
