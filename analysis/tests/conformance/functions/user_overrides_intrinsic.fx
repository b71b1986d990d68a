// a user function named like an intrinsic wins for its types (resolve_function_call)
#include "../case.fxh"
float lerp(float a, float b) { return a + b; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return lerp(1.0, 2.0) + lerp(0.0, 1.0, 0.5);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
