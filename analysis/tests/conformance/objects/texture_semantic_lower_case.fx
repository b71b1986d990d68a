// a texture semantic in lower case (parse_variable)
#include "../case.fxh"
texture2D BackBufferTex : color;
sampler2D S { Texture = BackBufferTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
