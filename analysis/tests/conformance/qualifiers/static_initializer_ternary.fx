// ?: of constants is not a constant expression, X3011 (parser::parse_expression_multary)
#include "../case.fxh"
static float G = 1 ? 2.0 : 3.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
