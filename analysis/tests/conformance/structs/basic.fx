// a struct with members (parse_struct)
#include "../case.fxh"
struct S { float x; float2 y; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    s.y = 2;
    return s.x + s.y.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
