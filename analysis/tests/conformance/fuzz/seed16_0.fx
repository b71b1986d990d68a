// an expression statement whose ';' is missing is still checked: ReShade reports the undeclared function it calls, a line before the syntax error (found by fx_diff_fuzz, seed 16, in a corpus mutant)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float type = uv.x;
    float step2 = 0.0;
    if1e99999(type == 1)
        step2 = 1.0;
    return step2;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
