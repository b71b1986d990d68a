// a texture with an unknown semantic (parse_variable)
#include "../case.fxh"
texture2D OtherTex : SOMETHING;
sampler2D S { Texture = OtherTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
