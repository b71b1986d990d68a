// assigning another struct is X3020 (parse_expression_assignment)
#include "../case.fxh"
struct S { float x; };
struct R { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S a;
    R b;
    a.x = 1;
    b = a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
