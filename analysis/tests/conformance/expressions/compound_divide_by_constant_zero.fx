// an integer /= or %= by a constant zero (a cast of bool constants, a literal) is left to run time as ReShade leaves it; WGSL would reject the constant divisor
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint2 a = uint2(uv * 4.0);
    a /= (uint2)bool2(false, true);
    int b = int(uv.x);
    b %= 0;
    bool c = uv.y > 0.5;
    c /= false;
    return float4(a, b, c);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
