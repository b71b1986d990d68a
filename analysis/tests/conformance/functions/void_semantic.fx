// a void function with a semantic is X3076 (parse_function)
#include "../case.fxh"
void F() : SV_Target { }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
