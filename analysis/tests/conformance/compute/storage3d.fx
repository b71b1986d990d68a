// a storage3D written by a compute shader (parse_variable)
#include "../case.fxh"
texture3D T { Width = 8; Height = 8; Depth = 8; };
storage3D St { Texture = T; };
void CS(uint3 id : SV_DispatchThreadID) { tex3Dstore(St, id, 1); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
