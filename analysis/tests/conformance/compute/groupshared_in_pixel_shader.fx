// a groupshared variable read by a pixel shader (parse_variable)
#include "../case.fxh"
groupshared float G;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
