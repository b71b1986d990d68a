// a compute pass without DispatchSizeY is X3012 (parse_technique_pass)
#include "../case.fxh"
storage2D CaseStore { Texture = CaseTex; };
void CS(uint3 id : SV_DispatchThreadID) { tex2Dstore(CaseStore, id.xy, 1); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; } }
