// several globals after one type (parse_top)
#include "../case.fxh"
static const float A = 1, B = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return A + B;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
