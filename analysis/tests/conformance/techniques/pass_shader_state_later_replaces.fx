// a later P...Shader state replaces the pixel shader an earlier one set (parse_technique_pass)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
float4 PS2(float4 pos : SV_Position) : SV_Target { return 1; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; PostShader = PS2; } }
