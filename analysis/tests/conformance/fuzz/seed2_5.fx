// a local declared in a switch group stays declared after the switch (found by fx_diff_fuzz, seed 2; parse_statement enters no scope for a switch body)
#include "../case.fxh"
texture2D FuzzTex { Width = 38; Height = 16; Format = rg16f; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = WRAP; MagFilter = ANISOTROPIC; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint v2 = (8u / uint2(5u, 2u));
    bool2 v3 = smoothstep(pow((float4(0.2, 0.6, 3.7, 2.9) - uv), sqrt(uv)), ~(bool4(false, true, false, false) && bool4(true, false, true, false)), v2);
    switch (3)
    {
        int3x2 v4 = int3x2(((bool)v3.tsss), (-int3(1, 5, 0) != int3(int3(5, 4, 4))), int2(5, 3));
        break;
    }
    v4++;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = true; } }
