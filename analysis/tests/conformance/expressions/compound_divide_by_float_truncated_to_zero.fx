// /= of an int place by a float constant that truncates to 0: a run-time division, as ReShade leaves it
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)pos.x;
    i /= 0.5;
    uint u = (uint)pos.y;
    u %= -0.75;
    return i + u;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
