// sincos with out arguments (resolve_function_call)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float s, c;
    sincos(uv.x, s, c);
    return s + c;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
