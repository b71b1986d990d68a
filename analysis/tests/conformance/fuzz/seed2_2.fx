// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 30; Height = 16; Format = RGB10A2; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = WRAP; MagFilter = ANISOTROPIC; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    switch (uv.g)
    {
        uint v4 = uv.g;
        break;
    case 2:
        {
        }
        break;
    }
    v4 <<= v4.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; SrcBlend = ADD; ColorWriteMask = 2; } }
