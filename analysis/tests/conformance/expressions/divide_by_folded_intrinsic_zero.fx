// an integer divisor built of constants that only naga folds (an intrinsic of constants beside a zero component, min(0, 1)) goes to run time as ReShade leaves it
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint2 a = uint2(uv * 4.0);
    a = a % uint2(lerp(3.8, 1.5, 1.9), (0 / 1));
    int b = int(uv.x * 8.0);
    b /= min(0, 1);
    b = b / int(abs(-2.0));
    return float4(a, b, 1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
