// a pixel shader name defined twice, the pass takes the later one (parse_technique_pass)
#include "../case.fxh"
float4 PS2(float4 pos : SV_Position) : SV_Target { return 1; }
float4 PS2(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
