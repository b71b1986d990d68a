// an array sized by a constant expression (parse_array_length)
#include "../case.fxh"
static const int N = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[N * 2 + 1];
    a[4] = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
