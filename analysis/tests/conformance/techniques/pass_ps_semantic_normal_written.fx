// a NORMAL the vertex shader writes reaches the pixel shader (parse_technique_pass)
#include "../case.fxh"
void VS2(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0, out float3 n : NORMAL) { CaseVS(id, pos, uv); n = 1; }
float4 PS2(float4 pos : SV_Position, float3 n : NORMAL) : SV_Target { return n.xyzz; }
technique T { pass { VertexShader = VS2; PixelShader = PS2; } }
