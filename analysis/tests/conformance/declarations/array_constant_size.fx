// an array sized by a static const (parse_array_length)
#include "../case.fxh"
static const int N = 4;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[N];
    a[3] = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
