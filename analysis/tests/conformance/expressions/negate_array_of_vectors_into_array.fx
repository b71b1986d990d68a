// unary - on an array of vectors keeps the array type: ReShade's front end accepts it; its SPIR-V negates an array
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 a[2] = { float3(1, 0, 1), float3(0, 1, 0) };
    float3 c[2] = -a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
