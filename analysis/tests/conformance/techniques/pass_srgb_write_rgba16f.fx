// SRGBWriteEnable on an RGBA16F target is X4582 (parse_technique_pass)
#include "../case.fxh"
texture2D RT { Width = 64; Height = 64; Format = RGBA16F; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = RT; SRGBWriteEnable = true; } }
