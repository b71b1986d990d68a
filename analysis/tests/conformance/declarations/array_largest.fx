// an array of 65536 is allowed (parse_array_length)
#include "../case.fxh"
static float G[65536];
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
