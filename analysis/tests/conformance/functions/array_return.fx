// a function returning an array is a syntax error (parse_function)
#include "../case.fxh"
float[2] F() { float a[2] = { 1, 2 }; return a; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
