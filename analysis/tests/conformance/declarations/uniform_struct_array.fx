// a uniform array of structs (parse_variable)
#include "../case.fxh"
struct S { float x; float4 y; };
uniform S U[2];
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U[1].y * U[0].x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
