// a uniform float2 initialised by a float3 warns X3206 (parse_variable)
#include "../case.fxh"
uniform float2 U = float3(1, 2, 3);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U.xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
