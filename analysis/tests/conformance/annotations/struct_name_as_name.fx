// a struct's name where an annotation's name goes: a type prefix, then the name is missing
#include "../case.fxh"
struct Pair { float a; float b; };
uniform float Level <
    ui_min = 0.0;
    Pair
        = 1.0;
> = 0.5;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Level;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
