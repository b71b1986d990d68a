// an index read whole is checked before its missing ']'
#include "../case.fxh"
static const float A[2] = { 1, 2 };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = A[Missing
        ;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
