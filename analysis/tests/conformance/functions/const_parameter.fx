// a const parameter (parse_function)
#include "../case.fxh"
float F(const float x) { return x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
