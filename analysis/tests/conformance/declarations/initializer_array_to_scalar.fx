// an array initialising a scalar is X3017 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float b[2] = { 1, 2 };
    float a = b;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
