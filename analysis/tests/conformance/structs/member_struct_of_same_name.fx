// a struct member named like the struct (parse_struct)
#include "../case.fxh"
struct S { float S; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.S = 1;
    return s.S;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
