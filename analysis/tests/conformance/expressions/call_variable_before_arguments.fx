// a call to a variable is reported at its name, before its arguments are read
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float limit = 0.5;
    float x = limit(
        Missing);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
