// array and scalar declarations after one type (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[2], b = 1;
    a[0] = b;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
