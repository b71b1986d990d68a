// tex2Dfetch with an int4 coordinate warns X3206 (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2Dfetch(CaseSamp, int4(0, 0, 0, 0));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
