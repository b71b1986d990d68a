// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 54; Height = 16; Format = R8; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = CLAMP; MagFilter = LINEAR; };
uniform float2 FuzzU < ui_type = "drag"; ui_min = 3.0; ui_label = "U"; > = float2(4.1, 4.6);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (1)
    {
        float3x2 v3 = float3x2(0.2, 0.1, 2.6, 1.3, 4.0, 3.2);
        break;
    case 2:
        v3--;
        break;
    }
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; SrcBlend = DESTCOLOR; ColorWriteMask = 9; } }
