// '&' of a bool2 and a bool4 computes in int2 (found by fx_diff_fuzz, seed 3; parse_expression_multary)
#include "../case.fxh"
texture2D FuzzTex { Width = 54; Height = 16; Format = rg16f; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = WRAP; MagFilter = POINT; };
uniform bool3 FuzzU < ui_type = "drag"; ui_min = 4.1; ui_label = "U"; > = bool3(false, false, false);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool v3 = pow(saturate(0.0), any((bool2(false, false) & bool4(false, false, false, true))));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS;  } }
