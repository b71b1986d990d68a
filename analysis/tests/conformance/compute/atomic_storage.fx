// atomicAdd on an R32U storage texel (parse_expression_unary)
#include "../case.fxh"
texture2D T { Width = 16; Height = 16; Format = R32U; };
storage2D<uint> St { Texture = T; };
void CS(uint3 id : SV_DispatchThreadID) { atomicAdd(St, int2(0, 0), 1u); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
