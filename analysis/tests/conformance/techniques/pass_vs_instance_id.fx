// a vertex shader reading SV_InstanceID (parse_function)
#include "../case.fxh"
void VS(uint id : SV_VertexID, uint inst : SV_InstanceID, out float4 pos : SV_Position) { pos = float4(id == 2 ? 3 : -1, id == 1 ? -3 : 1, 0, 1) + inst * 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
