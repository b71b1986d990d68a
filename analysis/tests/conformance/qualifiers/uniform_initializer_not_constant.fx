// a uniform's initial value must be constant, X3011 (parser::parse_variable)
#include "../case.fxh"
static float S = 1;
uniform float G = S;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
