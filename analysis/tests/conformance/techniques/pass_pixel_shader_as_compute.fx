// a [shader("pixel")] function as a compute shader is X3020 (parse_technique_pass)
#include "../case.fxh"
[shader("pixel")]
void CS(uint3 id : SV_DispatchThreadID) { }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
