// a call's arguments take no trailing comma
#include "../case.fxh"
float f(float a, float b) { return a + b; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return f(1.0,
        2.0, );
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
