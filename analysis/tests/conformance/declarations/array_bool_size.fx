// a bool array size is an integral scalar (parse_array_length)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[true];
    a[0] = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
