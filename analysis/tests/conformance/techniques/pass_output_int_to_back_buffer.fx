// an int4 pixel shader output onto the back buffer (a float target): ReShade's compiler accepts it
#include "../case.fxh"
int4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return int4(pos.xy, 1, 2);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
