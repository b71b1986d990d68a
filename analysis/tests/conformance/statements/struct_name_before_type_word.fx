// a struct's name before a type word is a declaration missing its name, not an expression
#include "../case.fxh"
struct S { float a; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S
    float4 c = 1;
    return c;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
