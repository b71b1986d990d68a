// a semantic on a numeric global (parse_variable)
#include "../case.fxh"
uniform float G : SOMETHING;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
