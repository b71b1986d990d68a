// every compute system value (parse_function)
#include "../case.fxh"
storage2D CaseStore { Texture = CaseTex; };
void CS(uint3 a : SV_DispatchThreadID, uint3 b : SV_GroupThreadID, uint3 c : SV_GroupID, uint d : SV_GroupIndex) { tex2Dstore(CaseStore, a.xy, float4(b + c, d)); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
