// a uniform float3 initialised by a scalar (parse_variable)
#include "../case.fxh"
uniform float3 U = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U.xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
