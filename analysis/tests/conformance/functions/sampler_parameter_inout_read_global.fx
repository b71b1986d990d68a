// an inout sampler parameter only read, its argument a sampler global (parse_expression: objects by reference)
#include "../case.fxh"
float4 F(inout sampler s, float2 uv) { return tex2D(s, uv); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(CaseSamp, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
