// a parameterless function given an argument is X3013 (resolve_function_call)
#include "../case.fxh"
float F() { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
