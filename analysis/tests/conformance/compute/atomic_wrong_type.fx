// atomicAdd(int place, uint value) (parse_expression_unary)
#include "../case.fxh"
groupshared int Counter;
storage2D CaseStore { Texture = CaseTex; };
void CS(uint3 id : SV_DispatchThreadID) { int old = atomicAdd(Counter, 1u); tex2Dstore(CaseStore, id.xy, old); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
