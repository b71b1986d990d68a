// a uniform array (parse_variable)
#include "../case.fxh"
uniform float U[3] = { 1, 2, 3 };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U[2];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
