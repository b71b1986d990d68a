// a sampler global as the argument of an inout sampler parameter that is assigned (parse_expression: objects by reference)
#include "../case.fxh"
sampler S2 { Texture = CaseTex; };
void F(inout sampler s) { s = S2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    F(S2);
    return 1;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
