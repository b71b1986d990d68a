// a struct's name called at the start of a statement, in a namespace
#include "../case.fxh"
namespace N { struct Pair { float a; float b; }; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    N::Pair
    (1.0, 2.0);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
