// an integer division by a constant vector with a zero component is left to run time (found by fx_diff_fuzz, seed 3; expression::evaluate_constant_expression)
#include "../case.fxh"
texture2D FuzzTex { Width = 15; Height = 16; Format = rg16f; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = CLAMP; MagFilter = POINT; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint3 v2 = uv.ggr;
    uint2 v3 = frac(uv.sss);
    {
    }
    {
        v2 |= !(uv ? (v2 / bool3(true, true, false)) : v2);
    }
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = false; } }
