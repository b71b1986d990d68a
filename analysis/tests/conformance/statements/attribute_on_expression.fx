// an attribute before an expression statement (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    [unroll] a = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
