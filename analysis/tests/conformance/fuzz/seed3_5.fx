// an integer division by '!4' (zero) is left to run time (found by fx_diff_fuzz, seed 3; expression::evaluate_constant_expression)
#include "../case.fxh"
texture2D FuzzTex { Width = 5; Height = 16; Format = R8; };
sampler2D FuzzSamp { Texture = FuzzTex; AddressU = CLAMP; MagFilter = LINEAR; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int v3 = -2;
    int v4 = ((v3 / !4) * clamp(min(float2(3.3, 3.2), uv), -uv, uv));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; ColorWriteMask = 8; } }
