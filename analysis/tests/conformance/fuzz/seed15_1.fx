// a literal starting with 0 is octal until its decimal point: '08.5' is the literal 0 followed by 8.5, a syntax error (after seed 15)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = 08.5;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
