// tex2Dgather with a component number, a compatibility macro (ReShade runtime)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2Dgather(CaseSamp, uv, 0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
