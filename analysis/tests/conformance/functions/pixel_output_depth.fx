// a pixel shader may write SV_Depth beside its render target (a FragDepth built-in in every
// ReShade back end); ReShade draws passes with depth testing and writes off, so it shows nowhere
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0, out float depth : SV_Depth) : SV_Target
{
    depth = uv.x;
    return uv.xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
