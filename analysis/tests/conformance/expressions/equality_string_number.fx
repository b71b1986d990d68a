// != between a string and a number: accepted by ReShade's front end, compiled by no back end
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 1 != "a";
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
