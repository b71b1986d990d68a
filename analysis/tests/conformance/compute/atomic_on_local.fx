// atomicAdd on a local is X3004: the place must be groupshared (parse_expression_unary)
#include "../case.fxh"
storage2D CaseStore { Texture = CaseTex; };
void CS(uint3 id : SV_DispatchThreadID) { uint c = 0; uint old = atomicAdd(c, 1u); tex2Dstore(CaseStore, id.xy, old); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
