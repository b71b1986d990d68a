// a struct parameter (parse_function)
#include "../case.fxh"
struct S { float x; };
float F(S s) { return s.x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    return F(s);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
