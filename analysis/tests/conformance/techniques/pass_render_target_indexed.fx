// RenderTarget0 and RenderTarget1 (parse_technique_pass)
#include "../case.fxh"
texture2D RT0 { Width = 64; Height = 64; };
texture2D RT1 { Width = 64; Height = 64; };
void PS2(float4 pos : SV_Position, out float4 a : SV_Target0, out float4 b : SV_Target1) { a = 1; b = 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; RenderTarget0 = RT0; RenderTarget1 = RT1; } }
