// a texture or sampler property's value is any expression but an assignment (parse_expression_multary): `>` and `<` are operators there
#include "../case.fxh"
texture2D Tex { Width = (4 > 2) * 8; Height = 8; MipLevels = (1 < 2) + 1; };
sampler2D Samp { Texture = Tex; SRGBTexture = 1 > 2; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(Samp, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
