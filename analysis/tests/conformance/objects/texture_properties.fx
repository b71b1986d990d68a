// a texture with Width, Height, MipLevels and Format (parse_variable)
#include "../case.fxh"
texture2D T { Width = 64; Height = 32; MipLevels = 4; Format = RGBA16F; };
sampler2D S { Texture = T; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
