// a sampler's 'Texture' property that does not parse (a character no token starts with) is not then reported missing (after seed 15)
#include "../case.fxh"
sampler S3
{
    Texture = CaseTex ß;
};
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
