// a constant << that overflows (1 << 31, 4 << -2 with the amount modulo 32, 3u << 31): ReShade folds it by wrapping, WGSL rejects such a constant, so it is computed at run time
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    int a = 1 << 31;
    int b = 4 << -2;
    uint c = 3u << 31;
    int2 d = int2(1, 4) << int2(1, 30);
    return a + b + c + d.y;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
