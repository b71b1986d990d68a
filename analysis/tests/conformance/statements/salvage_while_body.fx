// a loop condition is checked before its body's syntax error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float s = 0;
    while (Missing)
        s = ;
    return s;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
