// a float4 pixel shader output into an R32I render target: ReShade's compiler accepts it (the graphics API leaves the texels undefined)
#include "../case.fxh"
texture2D IdsTex { Width = 16; Height = 16; Format = R32I; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(uv, 0.5, 1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = IdsTex; } }
