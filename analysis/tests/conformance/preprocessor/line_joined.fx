// a #line whose number is on the next line, after a line join: the line after the directive
#include "../case.fxh"
#line \
40
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Missing;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
