// a comma expression as the for step (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    for (int i = 0, j = 0; i < 4; i++, j += 2) a += j;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
