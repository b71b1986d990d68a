// one pixel shader after a vertex shader writing NORMAL and after one not writing it (parse_technique_pass)
#include "../case.fxh"
void VS2(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0, out float3 n : NORMAL) { CaseVS(id, pos, uv); n = 1; }
float4 PS2(float4 pos : SV_Position, float3 n : NORMAL) : SV_Target { return n.xyzz; }
technique T2 { pass { VertexShader = VS2; PixelShader = PS2; } }
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
