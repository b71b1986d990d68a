// MipLODBias on a mipmapped texture (parse_variable: an integer property, the runtime's sampler mip_lod_bias)
#include "../case.fxh"
texture2D MipTex { Width = 16; Height = 16; MipLevels = 5; };
sampler2D Biased { Texture = MipTex; MipLODBias = 2; };
float4 Read(sampler2D s, float2 uv) { return tex2D(s, uv); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2Dlod(Biased, float4(uv, 0, 1)) + Read(Biased, uv) + tex2Dgrad(Biased, uv, ddx(uv), ddy(uv));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
