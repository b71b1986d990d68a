// a constant index that folds to a negative value is past the end (read as unsigned, X3504)
#include "../case.fxh"
static const int K = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[4] = { 1, 2, 3, 4 };
    float b = a[K - 2];
    return undeclared;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
