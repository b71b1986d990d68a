// a call to a struct's name whose argument list is cut off
#include "../case.fxh"
struct S { float a; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = S(1.0,
        ;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
