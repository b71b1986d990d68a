// == between values of two different structs is X3020 at the right operand
#include "../case.fxh"
struct S { float x; };
struct R { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S a;
    R b;
    a.x = 1;
    b.x = 1;
    return a ==
        b;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
