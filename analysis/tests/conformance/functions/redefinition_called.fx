// calling a function defined twice with one signature is X3067 (resolve_function_call)
#include "../case.fxh"
float F(float x) { return x; }
float F(float x) { return x * 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
