// a sampler global as the argument of an out sampler parameter (ReShade checks only const)
#include "../case.fxh"
sampler S2 { Texture = CaseTex; };
void F(out sampler s) { s = S2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    F(S2);
    return 1;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
