// ! on an array of vectors: is_vector() ignores the array, the cast to bool3 takes the first element
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a[2] = { float3(1, 0, 1), float3(0, 1, 0) };
    bool3 n = !a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
