// a struct member is X3090 (parse_struct)
#include "../case.fxh"
struct A { float x; };
struct S { A a; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
