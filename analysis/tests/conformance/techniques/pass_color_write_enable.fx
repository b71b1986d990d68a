// ColorWriteEnable is no ReShade pass state (its masks are ColorWriteMask and RenderTargetWriteMask)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; ColorWriteEnable = 15; } }
