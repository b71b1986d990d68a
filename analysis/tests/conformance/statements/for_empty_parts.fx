// for (;;) with a break (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    for (;;) { a += 1; if (a > 3) break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
