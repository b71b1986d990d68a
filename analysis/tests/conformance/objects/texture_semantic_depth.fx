// a texture with the DEPTH semantic (parse_variable)
#include "../case.fxh"
texture2D DepthTex : DEPTH;
sampler2D S { Texture = DepthTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
