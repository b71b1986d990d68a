// an error in an argument abandons the call: the callee (undeclared here too) is never looked up
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 c = Filter(uv,
        Tone(uv));
    return c.xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
