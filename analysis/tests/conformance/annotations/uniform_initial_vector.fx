// a uniform float3 with an initial value (parse_variable)
#include "../case.fxh"
uniform float3 U < ui_type = "color"; > = float3(1, 0.5, 0);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U.xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
