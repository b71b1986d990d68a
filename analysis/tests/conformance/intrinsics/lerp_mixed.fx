// lerp(float3, float3, float) (resolve_function_call)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return lerp(float3(0, 0, 0), float3(1, 1, 1), 0.5).xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
