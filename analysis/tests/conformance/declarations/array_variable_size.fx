// a non-constant array size is X3058 (parse_array_length)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int n = 2;
    float a[n];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
