// a local variable named as a struct, assigned at the start of a statement: the variable
#include "../case.fxh"
struct Pair { float a; float b; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float Pair = 0;
    Pair
        = 1;
    return Pair;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
