// an initialiser list is an array, not a struct, X3017 (parser::parse_variable)
#include "../case.fxh"
struct S { float x; };
static S K = { 1 };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
