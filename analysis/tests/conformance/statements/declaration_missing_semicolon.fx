// a declaration without ; (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 1
    float b = 2;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
