// a sampler parameter (parse_function)
#include "../case.fxh"
float4 F(sampler2D s, float2 c) { return tex2D(s, c); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(CaseSamp, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
