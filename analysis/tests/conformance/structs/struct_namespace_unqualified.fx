// a namespaced struct named without its namespace is unknown (accept_type_class)
#include "../case.fxh"
namespace N { struct S { float x; }; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
