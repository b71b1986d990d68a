// an integer vector / by a ?: of constants with a zero component, computed at run time
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    int2 a = int2(4, 6) / (bool2(true, false) ? int2(0, 1) : int2(2, 0));
    return a.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
