// a sampler whose property block has a syntax error is not checked for a missing 'Texture' (ReShade stops reading the declaration at the error): the syntax error, on a later line, is the first error (found by fx_diff_fuzz, seed 15, in a corpus mutant)
#include "../case.fxh"
sampler S3
{
    AddressU = CLAMP +;
};
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
