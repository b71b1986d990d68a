// a user lerp(float, float) does not hide lerp's three-argument forms (resolve_function_call)
#include "../case.fxh"
float lerp(float a, float b) { return a + b; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return lerp(float2(0, 0), float2(1, 1), 0.5).x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
