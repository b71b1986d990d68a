// storage2D<uint> over R32U (parse_variable)
#include "../case.fxh"
texture2D T { Width = 16; Height = 16; Format = R32U; };
storage2D<uint> CaseStore { Texture = T; };
void CS(uint3 id : SV_DispatchThreadID) { tex2Dstore(CaseStore, id.xy, 1u); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
