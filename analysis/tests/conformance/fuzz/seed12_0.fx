// a float shift inside a larger expression is still typed, so the initialiser's type error (float3 to uint4) is the first (found by fx_diff_fuzz, seed 12)
#include "../case.fxh"
texture2D FuzzTex { Width = 14; Height = 16; Format = R32F; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = WRAP; MagFilter = ANISOTROPIC; };
uniform float FuzzU < ui_type = "drag"; ui_min = 3.4; ui_label = "U"; > = 4.8;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint4 v2 = (-(uint4(4u, 1u, 4u, 8u) << FuzzU) + (countbits(uint4(3u, 5u, 3u, 1u)) ? FuzzU : uv.rgg));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = false; } }
