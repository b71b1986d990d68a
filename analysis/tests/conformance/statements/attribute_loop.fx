// [loop] on a loop (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    [loop] for (int i = 0; i < 4; i++) a += i;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
