// a uniform without an initial value (parse_variable)
#include "../case.fxh"
uniform float3 G;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G.xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
