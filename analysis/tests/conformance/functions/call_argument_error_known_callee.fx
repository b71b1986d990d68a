// an error in a later line's argument is the call's first; the callee's arity is never checked
#include "../case.fxh"
float f(float a) { return a; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return f(uv.x,
        g(2.0));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
