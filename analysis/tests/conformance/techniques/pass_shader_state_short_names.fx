// VShader and PShader are the vertex and pixel shader states (parse_technique_pass: the first letter of a name ending in Shader)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
technique T { pass { VShader = CaseVS; PShader = PS; } }
