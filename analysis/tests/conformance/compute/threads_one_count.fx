// a compute shader state with one thread count: a ',' is expected (parse_technique_pass)
#include "../case.fxh"
storage2D CaseStore { Texture = CaseTex; };
[numthreads(8, 8, 1)]
void CS(uint3 id : SV_DispatchThreadID) { tex2Dstore(CaseStore, id.xy, 1); }
technique T2 { pass { ComputeShader = CS<4>; DispatchSizeX = 4; DispatchSizeY = 4; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
