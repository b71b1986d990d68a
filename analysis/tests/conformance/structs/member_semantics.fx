// members with semantics (parse_struct)
#include "../case.fxh"
struct S { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.uv = uv;
    return s.uv.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
