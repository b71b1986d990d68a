// a vertex shader input without a semantic is X3502 (parse_technique_pass)
#include "../case.fxh"
void VS(uint id, out float4 pos : SV_Position) { pos = 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
