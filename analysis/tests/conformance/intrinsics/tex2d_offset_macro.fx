// tex2Doffset, a compatibility macro (ReShade runtime)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2Doffset(CaseSamp, uv, int2(1, 0));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
