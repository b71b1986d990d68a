// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 49; Height = 16; Format = R32F; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = WRAP; MagFilter = LINEAR; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float v2 = uv.t;
    switch (uv.s)
    {
        bool v4 = (true % 1u);
        break;
    case 1:
    default: break;
    }
    bool v6 = true;
    float2x3 v7 = float2x3(+v2.ss, ((v4 && v6) > ((float4)-2)));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS;  } }
