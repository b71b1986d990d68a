// parameters with semantics (parse_function)
#include "../case.fxh"
float F(float x : TEXCOORD0) { return x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
