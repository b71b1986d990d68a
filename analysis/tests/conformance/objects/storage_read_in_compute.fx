// tex2Dfetch on a storage in a compute shader (parse_variable)
#include "../case.fxh"
texture2D T { Width = 16; Height = 16; Format = R32F; };
storage2D<float> CaseStore { Texture = T; };
void CS(uint3 id : SV_DispatchThreadID) { float v = tex2Dfetch(CaseStore, id.xy); tex2Dstore(CaseStore, id.xy, v + 1); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
