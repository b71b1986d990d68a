// a pixel shader whose only output is SV_Depth (its return value) writes no render target
#include "../case.fxh"
float PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_DEPTH
{
    return uv.y;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
