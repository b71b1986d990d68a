// a local named like a texture (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float CaseTex = 1;
    return CaseTex;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
