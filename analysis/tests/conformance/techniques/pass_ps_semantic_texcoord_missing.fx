// a TEXCOORD5 input the vertex shader does not write warns X4576 (parse_technique_pass)
#include "../case.fxh"
float4 PS2(float4 pos : SV_Position, float2 uv : TEXCOORD5) : SV_Target { return uv.xyxy; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
