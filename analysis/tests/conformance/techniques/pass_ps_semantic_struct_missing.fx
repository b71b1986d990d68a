// a struct member input the vertex shader does not write: no warning, reads 0 (parse_technique_pass)
#include "../case.fxh"
struct In { float4 pos : SV_Position; float3 n : NORMAL; };
float4 PS2(In i) : SV_Target { return i.n.xyzz; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
