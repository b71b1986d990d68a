// ::S names a struct at global scope (parser::accept_type_class)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    ::S s;
    s.x = 1;
    return s.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
