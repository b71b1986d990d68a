// a struct's name with a member at the start of a statement
#include "../case.fxh"
struct Pair { float a; float b; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    Pair
    .a = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
