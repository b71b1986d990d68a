// a uniform parameter is X3047 (parse_function)
#include "../case.fxh"
float F(uniform float x) { return x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
