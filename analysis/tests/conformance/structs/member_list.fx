// members declared in one list (parse_struct)
#include "../case.fxh"
struct S { float x, y, z; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.z = 1;
    return s.z;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
