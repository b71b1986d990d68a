// ++ and -- on a bool matrix step it as integers, as on a bool (true - 1 is false, false - 1 true)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool2x2 b = bool2x2(uv.x > 0.5, true, false, uv.y > 0.5);
    --b;
    b++;
    bool3x2 c = bool3x2(true, false, uv.x > 0.1, true, false, false);
    ++c;
    return float4(b[0], c[2]);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
