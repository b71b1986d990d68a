// the compatibility macros are defined before the effect: defining one again is a redefinition
#include "../case.fxh"
#define tex2Doffset(s, c, o) tex2D(s, c)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
