// a sampler naming Texture twice takes the last (parse_variable)
#include "../case.fxh"
texture2D T { Width = 4; Height = 4; };
sampler2D S { Texture = CaseTex; Texture = T; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
