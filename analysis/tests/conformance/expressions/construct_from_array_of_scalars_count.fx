// an array of scalars counts one component: float2(c) is X3014
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float c[2] = { 0.5, 2 };
    float2 d = float2(c);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
