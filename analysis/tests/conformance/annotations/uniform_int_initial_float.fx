// a uniform int initialised by a float (parse_variable)
#include "../case.fxh"
uniform int U = 1.5;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
