// a state name ending in Shader is a shader state by its first letter alone: PixelShaderPixelShader sets the pixel shader (parse_technique_pass)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShaderPixelShader = PS; } }
