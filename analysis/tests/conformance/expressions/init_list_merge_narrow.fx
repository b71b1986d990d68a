// a list of float2 and float3 merges to float2, too narrow for float3[2], X3017 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a[2] = { float2(1, 2), float3(3, 4, 5) };
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
