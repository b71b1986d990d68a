// a state ending in Shader whose first letter is no stage is ignored: the pass still lacks its pixel shader (parse_technique_pass)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; GeometryShader = PS; } }
