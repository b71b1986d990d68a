// an integer member with a semantic warns X4568 (parse_struct)
#include "../case.fxh"
struct S { int i : TEXCOORD1; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.i = 1;
    return s.i;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
