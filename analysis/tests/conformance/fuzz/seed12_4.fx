// a float shift initialising a bool2x3 is typed float2, so the conversion's error is on its line (fx_diff_fuzz, seed 12)
#include "../case.fxh"
texture2D FuzzTex { Width = 64; Height = 16; Format = rg16f; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = POINT; MagFilter = LINEAR; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool2x3 v2 = (uv >> rsqrt(((float2)uint2(1u, 5u))));
    {
    }
    {
        {
        }
    }
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; DestBlend = ONE; ColorWriteMask = 3; } }
