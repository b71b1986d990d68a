// a compute shader returning a value (parse_technique_pass)
#include "../case.fxh"
float CS2(uint3 id : SV_DispatchThreadID) { return 1; }
technique T2 { pass { ComputeShader = CS2<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
