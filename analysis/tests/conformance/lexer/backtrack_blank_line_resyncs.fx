// a blank line brings a #line in ReShade's output: the lines after it are right again
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x;
    x
        = 1.0;

    x += Missing;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
