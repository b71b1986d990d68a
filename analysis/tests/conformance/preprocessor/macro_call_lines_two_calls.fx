// a second multi-line call on the line ends the first one's last piece with its own first newline
#include "../case.fxh"
#define ADD(a, b) ((a) + (b))
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = ADD(1.0,
        2.0) + ADD(Missing,
        4.0);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
