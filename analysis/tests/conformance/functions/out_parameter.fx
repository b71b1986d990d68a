// an out parameter (parse_function)
#include "../case.fxh"
void F(out float x) { x = 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a;
    F(a);
    return a;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
