// assigning arrays of different sizes is X3020 (parse_expression_assignment)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[2] = { 1, 2 };
    float b[3];
    b = a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
