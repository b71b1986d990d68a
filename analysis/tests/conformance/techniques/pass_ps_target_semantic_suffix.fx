// a pixel shader output whose semantic starts with SV_TARGET is a render target, its index the digits after it (codegen semantic_to_location: strtoul)
#include "../case.fxh"
void PS(float4 pos : SV_Position, float2 uv : TEXCOORD0, out float4 color : SV_TARGET0_m00)
{
    color = 1;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
