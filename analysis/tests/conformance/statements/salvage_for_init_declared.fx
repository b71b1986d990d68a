// a loop's declaration read whole stands: the later use of it is no error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float s = 0;
    for (int i = 0; i < 4;
        i++
        s += i;
    return s + i + Missing;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
