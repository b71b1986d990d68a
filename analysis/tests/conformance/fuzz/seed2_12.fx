// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 54; Height = 16; Format = R32F; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = POINT; MagFilter = ANISOTROPIC; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float v2 = ((float)sign((1u % 3u)));
    bool2 v4 = bool2(true, false);
    switch (v2)
    {
        int2 v5 = (rsqrt(v2) * int2(1, 4));
        break;
    }
    v4 /= v5.ts;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = false; DestBlend = ONE; ColorWriteMask = 14; } }
