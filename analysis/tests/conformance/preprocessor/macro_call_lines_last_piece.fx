// the piece after an argument's newline is numbered by the file's newline after the call
#include "../case.fxh"
#define ADD(a, b) ((a) + (b))
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = ADD(1.0,
        Missing);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
