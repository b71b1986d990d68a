// ClearRenderTargets and GenerateMipMaps (parse_technique_pass)
#include "../case.fxh"
texture2D RT { Width = 64; Height = 64; MipLevels = 3; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = RT; ClearRenderTargets = true; GenerateMipMaps = false; } pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = RT; GenerateMipmaps = true; } }
