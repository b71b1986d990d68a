// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 61; Height = 16; Format = R32F; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = WRAP; MagFilter = POINT; };
uniform int3 FuzzU < ui_type = "drag"; ui_min = 4.3; ui_label = "U"; > = int3(2, 3, 5);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (!-any(bool2(false, true)))
    {
        {
        }
        break;
    case 1:
        uint v2 = ((uint)(-true ? (FuzzU < int4(6, 4, 4, 5)) : int4(0, -2, 5, 0)));
        break;
    }
    {
    }
    v2 /= max(FuzzU, (int3(int3(-1, -1, 6)) << FuzzU.z));
    switch (-3)
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = true; SrcBlend = ADD; DestBlend = ZERO; ColorWriteMask = 12; } }
