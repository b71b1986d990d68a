// a local 'const', 'static const' or 'static' variable or an initialiser list element holding a float constant folded to an infinity or a NaN is accepted (after seed 14)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    const float a = 1.0 / 0.0;
    static const float b = 0.0 / 0.0;
    static float c = 1.0 % 0.0;
    const float3 d = float3(1, 2, 3) / 0.0;
    float e[2] = { 1.0 / 0.0, 2.0 };
    return float4(a, b, c, d.x + e[0]);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
