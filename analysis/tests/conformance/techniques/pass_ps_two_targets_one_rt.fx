// a pixel shader writing SV_Target1 without a second render target (parse_technique_pass)
#include "../case.fxh"
void PS2(float4 pos : SV_Position, out float4 a : SV_Target0, out float4 b : SV_Target1) { a = 1; b = 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
