// a uniform bool (parse_variable)
#include "../case.fxh"
uniform bool B = true;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return B ? 1 : 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
