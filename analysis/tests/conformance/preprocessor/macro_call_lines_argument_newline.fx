// a newline in a macro argument splits the output line: the first piece is numbered past the call
#include "../case.fxh"
#define ADD(a, b) ((a) + (b))
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = ADD(Missing,
        1.0);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
