// ReShade reads only the number (and a string) of #line and ignores the rest of its line
#include "../case.fxh"
#line 10 junk
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
