// a constant << whose left operand is a float no int holds cast to int ((int)(1.7 / 0.0), the smallest int as ReShade folds it on x86): the shift overflows, so it is computed at run time (0, as ReShade folds it) instead of naga rejecting it (seed 936)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    int a = ((int)(1.7 / 0.0)) << 4;
    uint b = ((uint)(-1.0 / 0.0)) << 1u;
    int c = ((int)3e9) << 2;
    return a + b + c;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
