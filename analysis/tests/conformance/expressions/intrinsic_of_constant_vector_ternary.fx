// acos of a component-wise ?: of constant vectors, out of its range in some components: NaNs at run time
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    return acos(bool4(false, false, true, false) ? float4(2.1, 4.7, 0.5, 3.7) : float4(0.2, 2.4, 2.0, 4.3));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
