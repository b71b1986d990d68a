// a non-void function with a semantic (parse_function)
#include "../case.fxh"
float F() : COLOR { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
