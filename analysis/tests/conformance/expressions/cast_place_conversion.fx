// a cast that converts (float2 to int2) is no place: X3025 on the assignment
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 a = uv;
    (int2)a = int2(1, 2);
    return float4(a, 0, 0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
