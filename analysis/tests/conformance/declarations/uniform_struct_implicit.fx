// a global of struct type without static is a uniform of struct type (parse_variable makes it uniform)
#include "../case.fxh"
struct S { float x; };
S U;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
