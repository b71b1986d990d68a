// a pixel shader input the vertex shader does not write warns X4576 (parse_technique_pass)
#include "../case.fxh"
float4 PS2(float4 pos : SV_Position, float3 n : NORMAL) : SV_Target { return n.xyzz; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
