// a truncation is a warning: the syntax error after it is the first error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 x = float3(1, 2, 3) * pos.xyz
    return x.xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
