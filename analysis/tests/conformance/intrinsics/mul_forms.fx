// mul of vector and matrix both ways (resolve_function_call)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3x3 m = float3x3(1, 0, 0, 0, 1, 0, 0, 0, 1);
    float3 v = mul(m, float3(uv, 1)) + mul(float3(uv, 1), m);
    return v.xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
