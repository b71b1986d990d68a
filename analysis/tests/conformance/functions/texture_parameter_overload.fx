// overloads by a texture and a float parameter (resolve_function_call)
#include "../case.fxh"
float F(texture2D t) { return 1; }
float F(float t) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(CaseTex) + F(1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
