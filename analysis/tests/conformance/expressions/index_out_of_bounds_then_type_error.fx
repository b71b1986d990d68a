// a constant index past the end of an array is the front end's error (X3504), before a later one (parse_expression_unary)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[3];
    a[3] = 1.0;
    float2x2 m = float2x2(1, 2, 3, 4) ^ 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
