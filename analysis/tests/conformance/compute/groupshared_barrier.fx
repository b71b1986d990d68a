// groupshared memory with a barrier (parse_variable)
#include "../case.fxh"
groupshared float Cache[64];
storage2D CaseStore { Texture = CaseTex; };
void CS(uint3 tid : SV_GroupThreadID, uint3 id : SV_DispatchThreadID) { Cache[tid.y * 8 + tid.x] = id.x; barrier(); tex2Dstore(CaseStore, id.xy, Cache[63 - (tid.y * 8 + tid.x)]); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
