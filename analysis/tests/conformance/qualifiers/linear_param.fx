// linear on a parameter (parser::accept_type_qualifiers)
#include "../case.fxh"
float F(linear float x) { return x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
