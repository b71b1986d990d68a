// a sampler in arithmetic is X3022 (parse_expression_multary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 a = CaseSamp + 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
