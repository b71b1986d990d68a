// a static global array with an initialiser (parse_variable)
#include "../case.fxh"
static const float K[3] = { 1, 2, 3 };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return K[2];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
