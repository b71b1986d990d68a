// an initialiser list of vectors for an array of vectors (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 a[2] = { float2(1, 2), float2(3, 4) };
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
