// a groupshared global array (parser::parse_variable)
#include "../case.fxh"
groupshared float G[64];
void CS(uint3 id : SV_GroupThreadID) { G[id.x] = 1; barrier(); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
