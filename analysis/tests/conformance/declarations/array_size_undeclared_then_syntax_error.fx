// an array size naming an undeclared variable, its ']' missing: ReShade resolves the size as it reads it, so the undeclared name is its first error, before the syntax error (a truncated MultiTonePoster.fx, seed 936)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float4 colors[numColors;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
