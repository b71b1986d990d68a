// a stencil pass rendering to a target smaller than the back buffer: ReShade's compiler takes it, and its runtime renders it with no stencil buffer attached (runtime.cpp), as we do
#include "../case.fxh"
texture2D Small { Width = 16; Height = 16; Format = RGBA8; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = Small; StencilEnable = true; StencilFunc = EQUAL; StencilRef = 1; } }
