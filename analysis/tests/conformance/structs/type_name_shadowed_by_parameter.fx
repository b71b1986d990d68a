// a parameter named as a struct, incremented at the start of a statement: the parameter
#include "../case.fxh"
struct Pair { float a; float b; };
float Twice(float Pair)
{
    Pair
        *= 2;
    return Pair;
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Twice(uv.x);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
