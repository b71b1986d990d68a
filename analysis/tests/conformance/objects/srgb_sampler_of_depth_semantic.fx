// an sRGB sampler of the depth buffer's texture (DEPTH semantic): what ReShade's compiler says
#include "../case.fxh"
texture2D Depth : DEPTH;
sampler2D DepthSrgb { Texture = Depth; SRGBTexture = true; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(DepthSrgb, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
