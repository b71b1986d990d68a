// SRGBWriteEnable on an RGBA8 target (parse_technique_pass)
#include "../case.fxh"
texture2D RT { Width = 64; Height = 64; Format = RGBA8; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = RT; SRGBWriteEnable = true; } }
