// a compute shader without parameters (parse_technique_pass)
#include "../case.fxh"
storage2D CaseStore { Texture = CaseTex; };
void CS() { tex2Dstore(CaseStore, int2(0, 0), 1); }
technique T { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
