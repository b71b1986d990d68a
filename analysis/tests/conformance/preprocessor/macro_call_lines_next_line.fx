// the line after a multi-line macro call keeps its number
#include "../case.fxh"
#define ADD(a, b) ((a) + (b))
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = ADD(1.0,
        2.0);
    float y = Missing;
    return x + y;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
