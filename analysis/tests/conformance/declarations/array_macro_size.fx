// an array sized by a macro (parse_array_length)
#include "../case.fxh"
#define SIZE (2 + 2)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[SIZE];
    a[3] = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
