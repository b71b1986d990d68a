// a parameter of a known struct type followed by a syntax error: the syntax error
#include "../case.fxh"
struct Pair { float a; float b; };
float Weight(Pair
    , float b) { return b; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
