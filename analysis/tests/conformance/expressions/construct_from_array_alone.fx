// a constructor of one array argument is a cast (ReShade checks is_numeric(), the base type): its HLSL reads the first element
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a[2] = { float3(1, 0, 1), float3(0, 1, 0) };
    float3 d = float3(a);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
