// a block comment's newlines in an argument are no line ends; a line comment's newline is
#include "../case.fxh"
#define ADD(a, b) ((a) + (b))
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = ADD(Missing, // comment
        2.0 /* a
        b */);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
