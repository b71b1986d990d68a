// a constructor of a struct value cut off: the struct argument is reported
#include "../case.fxh"
struct S { float a; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s; s.a = 1.0;
    float2 v = float2(s,
        ;
    return v.xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
