// a uniform int array (parse_variable)
#include "../case.fxh"
uniform int U[2] = { 1, 2 };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U[1];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
