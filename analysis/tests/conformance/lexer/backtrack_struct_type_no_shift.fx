// a name that is a struct's is a type: no rewind, no late lines
#include "../case.fxh"
struct S { float a; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S
        s;
    s.a = Missing;
    return s.a;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
