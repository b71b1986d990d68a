// one pixel shader into an R32U, an RGBA8 and an R32I target in three passes, and a uint output into an R32I target as the second of two targets: ReShade's compiler accepts them all
#include "../case.fxh"
texture2D UTex { Width = 16; Height = 16; Format = R32U; };
texture2D ITex { Width = 16; Height = 16; Format = R32I; };
uint4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return uint4(pos.xy, 1, 2);
}
void TwoPS(float4 pos : SV_Position, float2 uv : TEXCOORD0, out float4 color : SV_Target0, out uint4 id : SV_Target1)
{
    color = float4(uv, 0, 1);
    id = uint4(pos.xy, 0, 0);
}
technique T
{
    pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = UTex; }
    pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = CaseTex; }
    pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = ITex; }
    pass { VertexShader = CaseVS; PixelShader = TwoPS; RenderTarget0 = CaseTex; RenderTarget1 = ITex; }
}
