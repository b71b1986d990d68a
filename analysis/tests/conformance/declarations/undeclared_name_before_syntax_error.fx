// an undeclared name is reported where it is, even with a syntax error further down (declarations come before their uses)
#include "../case.fxh"
float Get() { return missing; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0 +;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
