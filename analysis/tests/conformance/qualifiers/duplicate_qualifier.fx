// a qualifier given twice warns X3048 (parser::accept_type_qualifiers)
#include "../case.fxh"
static static float G = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
