// acos of a ?: of constants out of its range: a NaN at run time (naga folds the select it lowers to, then rejected acos)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    return acos(((float)-1) - (false ? 1.9 : 3.7));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
