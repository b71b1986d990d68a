// returning a number from a struct function is X3017 (parse_statement)
#include "../case.fxh"
struct S { float x; };
S F() { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
