// an #if group left open is reported at its latest #else or #elif, the directive ReShade's preprocessor last recorded for the group (found by fx_diff_fuzz, seed 15, in corpus mutants)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 Output = 0;
#if defined(CASE_UNDEFINED)
    Output = 1;
#elif 0
    Output = 2;
#else
    Output = 3;
