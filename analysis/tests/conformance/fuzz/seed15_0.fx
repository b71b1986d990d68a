// a numeric literal reads at most 19 characters before its decimal point: after 20 digits the literal ends, and '.5' is a literal of its own, a syntax error (found by fx_diff_fuzz, seed 15, in a corpus mutant)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = uv.x >= 11111111111111111111.5 ? 1.0 : 0.0;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
