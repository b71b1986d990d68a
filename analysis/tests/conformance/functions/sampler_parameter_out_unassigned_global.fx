// a sampler global as the argument of an out sampler parameter never assigned (parse_expression)
#include "../case.fxh"
sampler S2 { Texture = CaseTex; };
void F(out sampler s) { }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    F(S2);
    return tex2D(S2, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
