// an argument pasted twice puts its newline in twice and moves the numbering on twice
#include "../case.fxh"
#define SQ(a) ((a) * (a))
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = SQ(1.0
        ) + Missing;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
