// arrays sized by their initialiser lists, indexed inside them and copied whole
#include "../case.fxh"
static const float A[] = { 1.0, 2.0 };
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float b[] = { 1.0, 2.0, 3.0 };
    float c[3] = b;
    return b[2] + A[1] + c[0];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
