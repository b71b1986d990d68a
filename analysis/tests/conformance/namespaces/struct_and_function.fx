// a struct and a function in one namespace (parse_top)
#include "../case.fxh"
namespace N { struct S { float x; }; S Make() { S s; s.x = 1; return s; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return N::Make().x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
