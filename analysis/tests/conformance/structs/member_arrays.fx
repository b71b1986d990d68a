// array members (parse_struct)
#include "../case.fxh"
struct S { float a[3]; int b[2]; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.a[2] = 1;
    return s.a[2];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
