// a uniform struct no shader reads, between two uniforms (parse_variable, define_uniform)
#include "../case.fxh"
struct S { float x; };
uniform float A = 1;
uniform S U;
uniform float B = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return A + B;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
