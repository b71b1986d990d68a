// an sRGB sampler of a texture with a semantic no runtime provides: accepted (its format is not checked)
#include "../case.fxh"
texture2D Custom : CUSTOMSEMANTIC;
sampler2D CustomSrgb { Texture = Custom; SRGBTexture = true; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(CustomSrgb, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
