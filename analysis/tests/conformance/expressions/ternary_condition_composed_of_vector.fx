// a ?: whose bool4 condition is composed of a bool3 (WGSL's select of constants, folded)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float4 a = bool4(false, bool3(false, true, true)) ? float4(1, 2, 3, 4) : float4(5, 6, 7, 8);
    return a;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
