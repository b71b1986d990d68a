// a storage1D written by a compute shader (parse_variable)
#include "../case.fxh"
texture1D T { Width = 64; };
storage1D St { Texture = T; };
void CS(uint3 id : SV_DispatchThreadID) { tex1Dstore(St, id.x, 1); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
