// a float operator of constants that ReShade folds to a NaN (`% 0.0` in one component) is accepted: the value is computed at run time (found by fx_diff_fuzz, seed 14)
#include "../case.fxh"
texture2D FuzzTex { Width = 6; Height = 16; Format = RGBA16F; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = CLAMP; MagFilter = ANISOTROPIC; };
uniform int4 FuzzU < ui_type = "drag"; ui_min = 0.6; ui_label = "U"; > = int4(1, 6, 2, 6);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float v2 = lerp(rsqrt((float3(4.6, 0.9, 3.6) % float3(0.1, 0.0, 2.2))), asuint(FuzzU), 3.7);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; SrcBlend = DESTCOLOR; DestBlend = ONE; ColorWriteMask = 12; } }
