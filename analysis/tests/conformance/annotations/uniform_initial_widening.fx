// a uniform float3 initialised by a float2 is X3017 (parse_variable)
#include "../case.fxh"
uniform float3 U = float2(1, 2);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
