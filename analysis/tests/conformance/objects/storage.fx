// a storage written by a compute shader (parse_variable)
#include "../case.fxh"
storage2D CaseStore { Texture = CaseTex; };
void CS(uint3 id : SV_DispatchThreadID) { tex2Dstore(CaseStore, id.xy, float4(1, 0, 0, 1)); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
