// an integer % by a ?: of constants that is zero: ReShade folds no ?:, the remainder is computed at run time
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    int a = 1 % (false ? 1 : 0);
    return a;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
