// overloads by parameter type (resolve_function_call)
#include "../case.fxh"
float F(float x) { return 1; }
float F(int x) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1) + F(1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
