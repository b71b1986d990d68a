// a pass samples (and sizes) the texture it renders to: ReShade's parser and runtime check
// nothing here (fxbench binds a copy made before the pass, with a warning)
#include "../case.fxh"
texture2D RT { Width = 64; Height = 64; };
sampler2D SRT { Texture = RT; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(SRT, uv) + tex2Dsize(SRT, 0).x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = RT; } }
