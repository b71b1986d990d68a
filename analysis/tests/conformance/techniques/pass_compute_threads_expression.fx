// thread counts from constant expressions (parse_technique_pass)
#include "../case.fxh"
static const int N = 4;
storage2D CaseStore { Texture = CaseTex; };
void CS(uint3 id : SV_DispatchThreadID) { tex2Dstore(CaseStore, id.xy, 1); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { ComputeShader = CS<N * 2, N + 4>; DispatchSizeX = 1; DispatchSizeY = 1; } }
