// an argument beginning with - inside the body keeps the body's space: -Q(-1.0) with Q(a) (0 a) reads -(0 -1.0)
#include "../case.fxh"
#define Q(a) (0 a)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = -Q(-1.0);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
