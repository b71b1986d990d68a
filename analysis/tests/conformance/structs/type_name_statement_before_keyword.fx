// a struct's name starting a statement before a keyword on a later line: a declaration missing its name
#include "../case.fxh"
struct Pair { float a; float b; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    Pair

    switch (int(uv.x)) { default: break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
