// a newline in an unused argument goes nowhere: the whole line is numbered by the call's end
#include "../case.fxh"
#define FIRST(a, b) (a)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = Missing + FIRST(1.0,
        2.0);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
