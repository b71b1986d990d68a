// a vertex shader output without a semantic is X3503 (parse_technique_pass)
#include "../case.fxh"
void VS(uint id : SV_VertexID, out float4 pos) { pos = 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
