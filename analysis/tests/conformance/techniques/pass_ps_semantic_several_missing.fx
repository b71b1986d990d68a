// several inputs the vertex shader does not write (COLOR1, NORMAL) warn X4576 each (parse_technique_pass)
#include "../case.fxh"
float4 PS2(float4 pos : SV_Position, float2 uv : TEXCOORD0, float4 c : COLOR1, float3 n : NORMAL) : SV_Target { return c + n.xyzz; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
