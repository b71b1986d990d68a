// a uniform array size is X3058 (parse_array_length)
#include "../case.fxh"
uniform int N = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[N];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
