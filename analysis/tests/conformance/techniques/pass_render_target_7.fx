// RenderTarget7 is the last render target slot (parse_technique_pass)
#include "../case.fxh"
texture2D RT { Width = 64; Height = 64; };
void PS2(float4 pos : SV_Position, out float4 a : SV_Target7) { a = 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; RenderTarget7 = RT; } }
