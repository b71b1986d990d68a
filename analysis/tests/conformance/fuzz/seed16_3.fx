// inside a function, a qualifier followed by ';' is no empty declaration: a syntax error (after seed 16)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    static ;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
