// sampler is sampler2D (lexer keyword table)
#include "../case.fxh"
sampler AliasSamp { Texture = CaseTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(AliasSamp, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
