// == between two calls of a void function: accepted by ReShade's front end, compiled by no
// back end
#include "../case.fxh"
void Nothing() {}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Nothing() == Nothing();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
