// a float shift under any() is still typed, so the initialiser's type error (int2 to float2x2) is the first (found by fx_diff_fuzz, seed 12)
#include "../case.fxh"
texture2D FuzzTex { Width = 54; Height = 16; Format = RGBA8; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = WRAP; MagFilter = LINEAR; };
uniform float FuzzU < ui_type = "drag"; ui_min = 0.1; ui_label = "U"; > = 4.8;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int3 v2 = FuzzU.sss;
    float2x2 v3 = (any((FuzzU << bool3(false, false, false))) + (float2x2(0.3, 3.0, 4.4, 0.3) <= v2.rbrb));
    {
        {
        }
    }
    {
    }
    {
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS;  } }
