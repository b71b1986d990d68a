// a texture with the COLOR semantic (parse_variable)
#include "../case.fxh"
texture2D BackBufferTex : COLOR;
sampler2D S { Texture = BackBufferTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
