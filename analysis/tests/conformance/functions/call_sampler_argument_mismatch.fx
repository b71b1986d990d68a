// a sampler2D for a sampler3D parameter is X3013 (type::rank)
#include "../case.fxh"
float4 F(sampler3D s) { return 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(CaseSamp);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
