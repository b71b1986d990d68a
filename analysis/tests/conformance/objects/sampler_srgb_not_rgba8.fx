// SRGBTexture on an RGBA16F texture is X4582 (parse_variable)
#include "../case.fxh"
texture2D T { Width = 4; Height = 4; Format = RGBA16F; };
sampler2D S { Texture = T; SRGBTexture = true; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
