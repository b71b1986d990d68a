// a float % by a ?: of constants that is zero: a NaN computed at run time, not folded
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float a = 1.0 % (false ? 1.0 : 0.0);
    return a;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
