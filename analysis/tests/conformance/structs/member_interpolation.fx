// members with interpolation qualifiers (parse_struct)
#include "../case.fxh"
struct S { nointerpolation float x; linear float2 y; noperspective float z; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    return s.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
