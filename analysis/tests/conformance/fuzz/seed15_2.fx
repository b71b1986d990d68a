// a decimal point among a literal's first 19 characters belongs to it, however many digits follow (after seed 15)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = 111111111111111111.5 + 000000000000000000.5 + 0.000000000000000000000001 + 1.2345678901234567890123 + 11111111111111111111e5 + 07.5;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
