// a non-void function without return is accepted (parse_function)
#include "../case.fxh"
float F() { }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
