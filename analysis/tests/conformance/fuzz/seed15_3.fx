// 19 zeros then a decimal point: the octal literal 0 ends before the point, and '.5' is a syntax error (after seed 15)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = 0000000000000000000.5;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
