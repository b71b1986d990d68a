// an array of 0 is X3059 (parse_array_length)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[0];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
