// a condition and a first value read whole are checked before the syntax error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = pos.x > 0 ? Missing :
        ;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
