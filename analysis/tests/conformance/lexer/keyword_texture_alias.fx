// texture is texture2D (lexer keyword table)
#include "../case.fxh"
texture AliasTex { Width = 4; Height = 4; };
sampler2D AliasSamp { Texture = AliasTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(AliasSamp, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
