// atomicAdd on a groupshared uint (parse_expression_unary)
#include "../case.fxh"
groupshared uint Counter;
storage2D CaseStore { Texture = CaseTex; };
void CS(uint3 id : SV_DispatchThreadID) { uint old = atomicAdd(Counter, 1u); tex2Dstore(CaseStore, id.xy, old); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
