// an inout parameter (parse_function)
#include "../case.fxh"
void F(inout float x) { x += 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 1;
    F(a);
    return a;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
