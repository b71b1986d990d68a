// a storage with MipLevel (parse_variable)
#include "../case.fxh"
texture2D T { Width = 16; Height = 16; MipLevels = 2; };
storage2D CaseStore { Texture = T; MipLevel = 1; };
void CS(uint3 id : SV_DispatchThreadID) { tex2Dstore(CaseStore, id.xy, float4(1, 0, 0, 1)); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
