// a body -a gets its space: -NEG(1.0) reads - -1.0
#include "../case.fxh"
#define NEG(a) -a
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = -NEG(1.0);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
