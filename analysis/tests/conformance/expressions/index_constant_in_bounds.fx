// constant indices inside the array's size, one folded from a named constant and a cast
#include "../case.fxh"
static const int K = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[4] = { 1, 2, 3, 4 };
    return a[K + 1] + a[(int)1.5] + a[0];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
