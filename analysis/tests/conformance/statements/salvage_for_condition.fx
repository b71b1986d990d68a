// a loop condition read whole is checked before the missing ';' after it
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float s = 0;
    for (int i = 0; i < Missing
        i++)
        s += i;
    return s;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
