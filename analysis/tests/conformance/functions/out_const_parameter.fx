// an out parameter cannot be const, X3046 (parse_function)
#include "../case.fxh"
void F(const out float x) { x = 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
