// an array sized by its initialiser list has that size: a constant index past it is X3504 (parse_variable, parse_expression_unary)
#include "../case.fxh"
static const bool A[] = { true, true };
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float b[] = { 1.0, 2.0, 3.0 };
    return b[2] + A[2];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
