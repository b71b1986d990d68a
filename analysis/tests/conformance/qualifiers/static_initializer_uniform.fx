// a static's initial value cannot read a uniform, X3011 (parser::parse_variable)
#include "../case.fxh"
uniform float U = 1;
static float G = U;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
