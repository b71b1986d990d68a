// two rewinds over line breaks in one run: the lines after the second are two lines late
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x;
    x
        = 1.0;
    x
        = 2.0;
    x += Missing;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
