// a struct member followed by '(' on the next line: X3088 at the member
#include "../case.fxh"
struct S { float a; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s; s.a = 1.0;
    float x = s.a + s.a
        (Missing);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
