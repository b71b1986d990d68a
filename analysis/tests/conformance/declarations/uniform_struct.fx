// a uniform struct (parse_variable)
#include "../case.fxh"
struct S { float x; };
uniform S U;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
