// an array of scalars among a constructor's arguments counts one component and is indexed at 0
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float c[2] = { 0.5, 2 };
    float3 d = float3(c, 1, c);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
