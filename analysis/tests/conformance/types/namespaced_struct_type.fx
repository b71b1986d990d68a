// a struct inside a namespace named with :: (parser::accept_type_class)
#include "../case.fxh"
namespace N { struct S { float x; }; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    N::S s;
    s.x = 1;
    return s.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
