// a function declared without a body is X3510 (parse_function)
#include "../case.fxh"
float F(float x);
float F(float x) { return x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
