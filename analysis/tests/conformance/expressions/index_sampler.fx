// indexing a sampler is X3121 (parse_expression_unary, index)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 a = CaseSamp[0];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
